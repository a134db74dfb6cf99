import { context, propagation, ROOT_CONTEXT, trace, TraceFlags } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { createTestNamespace } from '@clarion/testing';
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  headers,
  JsMsg,
  Msg,
  MsgHdrs,
  NatsConnection,
} from 'nats';
import { rawTraceParentOf } from './raw-trace-parent';
import { headersWithTraceContext, traceContextOf } from './trace-propagation';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const SPAN_ID = 'b7ad6b7169203331';
const TRACE_PARENT = `00-${TRACE_ID}-${SPAN_ID}-01`;
const w3cPropagator = new W3CTraceContextPropagator();

/** Headers with these lines, as another publisher might write them. */
function headersOf(lines: Record<string, string>): MsgHdrs {
  const result = headers();
  for (const [key, value] of Object.entries(lines)) result.append(key, value);
  return result;
}

/** What the registered propagator makes of the message's decoded headers: the reference. */
function propagatorsReading(message: Msg | JsMsg) {
  const getter = {
    get: (carrier: MsgHdrs | undefined, key: string) => carrier?.get(key) || undefined,
    keys: (carrier: MsgHdrs | undefined) => carrier?.keys() ?? [],
  };
  return trace.getSpanContext(propagation.extract(ROOT_CONTEXT, message.headers, getter));
}

describe(traceContextOf.name, () => {
  const subject = `${createTestNamespace()}.trace`;
  const stream = subject.replace(/\./g, '_');
  let nats: NatsConnection;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    nats = await connect({ servers: process.env['NATS_URL'] });
    await nats
      .jetstreamManager()
      .then((manager) => manager.streams.add({ name: stream, subjects: [subject] }));
  });

  afterAll(async () => {
    const manager = await nats.jetstreamManager();
    await manager.streams.delete(stream);
    await nats.close();
    propagation.disable();
    context.disable();
  });

  beforeEach(() => {
    propagation.disable();
    propagation.setGlobalPropagator(w3cPropagator);
  });

  /** The message as a core subscriber receives it. */
  async function receivedCore(published?: MsgHdrs): Promise<Msg> {
    const subscription = nats.subscribe(`${subject}.core`, { max: 1 });
    nats.publish(`${subject}.core`, 'payload', published ? { headers: published } : {});
    for await (const message of subscription) return message;
    throw new Error('no message');
  }

  /** The message as a JetStream consumer receives it. */
  async function receivedFromStream(published?: MsgHdrs): Promise<JsMsg> {
    const ack = await nats
      .jetstream()
      .publish(subject, 'payload', published ? { headers: published } : {});
    const manager = await nats.jetstreamManager();
    const consumer = await manager.consumers.add(stream, {
      ack_policy: AckPolicy.Explicit,
      opt_start_seq: ack.seq,
      deliver_policy: DeliverPolicy.StartSequence,
    });
    const message = await (await nats.jetstream().consumers.get(stream, consumer.name)).next();
    if (!message) throw new Error('no message');
    message.ack();
    return message;
  }

  it.each([
    ['a JetStream consumer', receivedFromStream],
    ['a core subscriber', receivedCore],
  ])(
    'continues the remote span a message names, for %s, as the propagator does',
    async (_, receive) => {
      const message = await receive(
        headersOf({ 'Nats-Msg-Id': 'send:1', traceparent: TRACE_PARENT }),
      );
      const read = trace.getSpanContext(traceContextOf(message));
      expect(read).toEqual({
        traceId: TRACE_ID,
        spanId: SPAN_ID,
        traceFlags: TraceFlags.SAMPLED,
        isRemote: true,
      });
      expect(read).toEqual(propagatorsReading(message));
    },
  );

  it.each([
    ['a JetStream consumer', receivedFromStream],
    ['a core subscriber', receivedCore],
  ])(
    'reads the traceparent from the raw header block for %s (this nats.js keeps it)',
    async (_, receive) => {
      const message = await receive(
        headersOf({ 'Nats-Msg-Id': 'send:1', traceparent: TRACE_PARENT }),
      );
      expect(rawTraceParentOf(message)).toBe(TRACE_PARENT);
      expect(rawTraceParentOf(await receive(headersOf({ 'Nats-Msg-Id': 'send:2' })))).toBeNull();
      expect(rawTraceParentOf(await receive())).toBeNull();
    },
  );

  it('continues what headersWithTraceContext wrote in another service', async () => {
    const sender = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      traceFlags: TraceFlags.NONE,
    });
    const message = await receivedFromStream(headersWithTraceContext(sender));
    expect(trace.getSpanContext(traceContextOf(message))).toMatchObject({
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      traceFlags: TraceFlags.NONE,
      isRemote: true,
    });
  });

  it.each([
    ['a tracestate', { traceparent: TRACE_PARENT, tracestate: 'vendor=abc' }],
    ['keys in another case', { Traceparent: TRACE_PARENT }],
    ['a malformed traceparent', { traceparent: '00-not-a-trace-01' }],
  ])('reads a message with %s as the propagator does', async (_, lines) => {
    const message = await receivedFromStream(headersOf(lines));
    expect(trace.getSpanContext(traceContextOf(message))).toEqual(propagatorsReading(message));
  });

  it('keeps the active context for a message with no trace context, with or without headers', async () => {
    const active = trace.setSpanContext(ROOT_CONTEXT, {
      traceId: TRACE_ID,
      spanId: SPAN_ID,
      traceFlags: TraceFlags.SAMPLED,
    });
    const bare = await receivedFromStream();
    const withOtherHeaders = await receivedCore(headersOf({ 'Nats-Msg-Id': 'send:2' }));
    context.with(active, () => {
      expect(traceContextOf(bare)).toBe(context.active());
      expect(traceContextOf(withOtherHeaders)).toBe(context.active());
    });
  });

  it('reads the decoded headers under another propagator', async () => {
    propagation.disable();
    propagation.setGlobalPropagator(
      new CompositePropagator({ propagators: [w3cPropagator, new W3CBaggagePropagator()] }),
    );
    const message = await receivedFromStream(
      headersOf({ traceparent: TRACE_PARENT, baggage: 'tenant=a' }),
    );
    const read = traceContextOf(message);
    expect(trace.getSpanContext(read)?.traceId).toBe(TRACE_ID);
    expect(propagation.getBaggage(read)?.getEntry('tenant')?.value).toBe('a');
  });

  it('leaves a message unread while tracing is off', async () => {
    propagation.disable();
    const message = await receivedFromStream(headersOf({ traceparent: TRACE_PARENT }));
    expect(traceContextOf(message)).toBe(ROOT_CONTEXT);
    expect(trace.getSpanContext(traceContextOf(message))).toBeUndefined();
  });
});
