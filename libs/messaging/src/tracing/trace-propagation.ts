import { context, Context, propagation, trace, Tracer } from '@opentelemetry/api';
import { parseTraceParent } from '@opentelemetry/core';
import { headers as natsHeaders, JsMsg, Msg, MsgHdrs } from 'nats';
import { rawTraceParentOf } from './raw-trace-parent';

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

/** The W3C trace context of `ctx` as plain headers (none while tracing is off), for a bundle's part. */
export function traceHeadersOf(ctx: Context = context.active()): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier;
}

/**
 * The trace context a bundle's part carries (`traceHeadersOf`), or the active one when it
 * carries none or tracing is off.
 */
export function traceContextOfPart(traceHeaders: Record<string, string> | undefined): Context {
  const active = context.active();
  if (!traceHeaders || propagation.fields().length === 0) return active;
  return propagation.extract(active, traceHeaders);
}

/** Whether the registered propagator is W3C trace context alone (tracing's default). */
function propagatesW3cOnly(fields: string[]): boolean {
  return fields.length === 2 && fields[0] === 'traceparent' && fields[1] === 'tracestate';
}

/**
 * The trace context a message arrived with (the active context when it carried none, or when
 * tracing is off). Under W3C trace context alone, its `traceparent` is read straight from the
 * message's raw header block; other propagators read the decoded headers.
 */
export function traceContextOf(message: Msg | JsMsg): Context {
  const active = context.active();
  const fields = propagation.fields();
  if (fields.length === 0) return active;
  if (propagatesW3cOnly(fields)) {
    const traceParent = rawTraceParentOf(message);
    if (traceParent === null) return active;
    if (traceParent !== undefined) return withRemoteParent(active, traceParent);
  }
  return propagation.extract(active, message.headers, getter);
}

/** `ctx` continuing the remote span that `traceParent` names, as the W3C propagator makes it. */
function withRemoteParent(ctx: Context, traceParent: string): Context {
  const spanContext = parseTraceParent(traceParent);
  return spanContext ? trace.setSpanContext(ctx, { ...spanContext, isRemote: true }) : ctx;
}
