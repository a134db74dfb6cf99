import { context, Context, propagation, trace, Tracer } from '@opentelemetry/api';
import { headers as natsHeaders, MsgHdrs } from 'nats';

const setter = { set: (carrier: MsgHdrs, key: string, value: string) => carrier.set(key, value) };
const getter = {
  get: (carrier: MsgHdrs | undefined, key: string) => carrier?.get(key) || undefined,
  keys: (carrier: MsgHdrs | undefined) => (carrier ? carrier.keys() : []),
};

/** Made once: a tracer asked of the API per span costs a provider lookup each time. */
const tracer = trace.getTracer('@clarion/messaging');

export function messagingTracer(): Tracer {
  return tracer;
}

/** NATS headers carrying the W3C trace context of `ctx`, so the next service continues the trace. */
export function headersWithTraceContext(ctx: Context = context.active()): MsgHdrs {
  const headers = natsHeaders();
  propagation.inject(ctx, headers, setter);
  return headers;
}

/** The trace context a message arrived with (root context when it carried none). */
export function extractTraceContext(headers: MsgHdrs | undefined): Context {
  return propagation.extract(context.active(), headers, getter);
}
