import { Attributes, context, Span, SpanKind, trace } from '@opentelemetry/api';
import type { Client, QueryResult } from 'pg';
import { recordFailure } from '../tracing/record-failure';

const tracer = trace.getTracer('@clarion/observability');
const TRACED = Symbol('clarion.queriesTraced');

type QueryCallback = (error: Error | null, result?: QueryResult) => void;
type ClientClass = typeof Client & { prototype: { [TRACED]?: true } };
type Query = (this: Client, ...args: unknown[]) => unknown;

/**
 * Traces each query a pg Client runs inside a recorded span as a client span, named as the
 * OpenTelemetry pg instrumentation names it (`pg.query:SELECT clarion`) with the database
 * semantic attributes (system, namespace, operation, query text, server address and port). A
 * failed query marks its span failed.
 *
 * Outside a recorded span (no operation, or one the sampler left out) a query costs one context
 * lookup. The instrumentation this replaces wrapped every query and pool checkout, made a span
 * for unsampled work and kept pool counters and duration histograms with its metrics off.
 * Queries submitted as objects (cursors, streams) and config objects carrying their own callback
 * run untraced.
 */
export function traceQueriesOf(Client: ClientClass): void {
  if (Client.prototype[TRACED]) return;
  const original = Client.prototype.query as unknown as Query;
  const traced: Query = function (this: Client, ...args: unknown[]) {
    if (!trace.getSpan(context.active())?.isRecording()) return original.apply(this, args);
    const text = textOf(args[0]);
    if (text === undefined) return original.apply(this, args);
    const span = startQuerySpan(this, text);
    try {
      return runEndingSpan(this, args, span);
    } catch (error) {
      endQuerySpan(span, error);
      throw error;
    }
  };
  function runEndingSpan(client: Client, args: unknown[], span: Span): unknown {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as QueryCallback;
      args[last] = context.bind(context.active(), (error: Error | null, result?: QueryResult) => {
        endQuerySpan(span, error);
        callback(error, result);
      });
      return original.apply(client, args);
    }
    const result = original.apply(client, args);
    if (isPromise(result)) {
      result.then(
        () => endQuerySpan(span, null),
        (error: unknown) => endQuerySpan(span, error),
      );
    } else {
      span.end();
    }
    return result;
  }
  Object.assign(Client.prototype, { query: traced, [TRACED]: true });
}

function isPromise(value: unknown): value is Promise<unknown> {
  return typeof (value as Promise<unknown> | undefined)?.then === 'function';
}

/** The query's text: plain text or a query config without its own callback or submit. */
function textOf(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  if (typeof query !== 'object' || query === null) return undefined;
  const config = query as { text?: unknown; callback?: unknown; submit?: unknown };
  if (typeof config.callback === 'function' || typeof config.submit === 'function')
    return undefined;
  return typeof config.text === 'string' ? config.text : undefined;
}

function startQuerySpan(client: Client, text: string): Span {
  const { database, host, port } = client;
  const operation = operationOf(text);
  const attributes: Attributes = {
    'db.system.name': 'postgresql',
    'db.namespace': database,
    'db.operation.name': operation,
    'db.query.text': text,
    'server.address': host,
    'server.port': port,
  };
  const name = `pg.query:${operation}${database ? ` ${database}` : ''}`;
  return tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes });
}

/** The statement's first word, upper case (`SELECT`, `INSERT`, `COMMIT`). */
function operationOf(text: string): string {
  const trimmed = text.trimStart();
  const space = trimmed.search(/\s/);
  const word = (space === -1 ? trimmed : trimmed.slice(0, space)).toUpperCase();
  return word.endsWith(';') ? word.slice(0, -1) : word;
}

function endQuerySpan(span: Span, error: unknown): void {
  if (error) recordFailure(span, error);
  span.end();
}
