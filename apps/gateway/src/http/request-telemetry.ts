import {
  context,
  Context,
  propagation,
  ROOT_CONTEXT,
  Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { FastifyInstance, FastifyRequest } from 'fastify';
import { annotateSpan, isProbe, isTracing, recordHttpRequest } from '@clarion/observability';
import '../auth/authenticated-request';

const MS_PER_SECOND = 1_000;
/** Requests that matched no route share one label, so scanners cannot grow the series. */
const UNMATCHED_ROUTE = 'unmatched';
const tracer = trace.getTracer('@clarion/gateway');

interface RequestTrace {
  span: Span;
  context: Context;
}

/** The request's server span, kept on the request itself (a WeakMap entry costs more). */
const REQUEST_TRACE = Symbol('clarion.requestTrace');
type TracedRequest = FastifyRequest & { [REQUEST_TRACE]?: RequestTrace };

/**
 * Counts every answered request by route and status with its latency, and, while tracing, traces
 * it in a server span named after its route (`POST /send`), continuing the caller's W3C trace
 * context, with the trackingId and, once known, the caller's account and environment; a 5xx
 * marks it failed. The route's handler (Nest's guards, pipes and controller) runs inside that
 * span's context. Probes and scrapes are neither. Without tracing no span hook is installed.
 */
export function observeRequests(fastify: FastifyInstance): void {
  const tracing = isTracing();
  if (tracing) traceRequests(fastify);
  fastify.addHook('onResponse', (request: TracedRequest, reply, done) => {
    if (isProbe(request.url)) return done();
    if (tracing) endRequestSpan(request, reply.statusCode);
    recordHttpRequest(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / MS_PER_SECOND,
    );
    done();
  });
}

/** Each request's server span starts before its body is read; its handler runs inside it. */
function traceRequests(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request: TracedRequest, _reply, done) => {
    if (isProbe(request.url)) return done();
    const route = request.routeOptions.url;
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          ...(route && { 'http.route': route }),
          'clarion.tracking_id': request.id,
        },
      },
      parent,
    );
    request[REQUEST_TRACE] = { span, context: trace.setSpan(parent, span) };
    done();
  });
  // After the body is read (its stream events run outside any request's context), just before
  // the handler.
  fastify.addHook('preHandler', (request: TracedRequest, _reply, done) => {
    const traced = request[REQUEST_TRACE];
    if (traced) context.with(traced.context, done);
    else done();
  });
}

/** Ends the request's span with its status and, once authenticated, the caller's tenant. */
function endRequestSpan(request: TracedRequest, status: number): void {
  const span = request[REQUEST_TRACE]?.span;
  if (!span) return;
  const caller = request.principal ?? request.endUser;
  if (caller) annotateSpan({ accountId: caller.accountId, envId: caller.envId }, span);
  span.setAttribute('http.response.status_code', status);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR, message: `HTTP ${status}` });
  span.end();
}
