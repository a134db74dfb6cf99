import type {
  Attributes,
  AttributeValue,
  HrTime,
  Link,
  SpanContext,
  SpanStatus,
} from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace-base';
import { FIXED32, FIXED64, LENGTH_DELIMITED, ProtobufWriter, VARINT } from './protobuf-writer';

type Scope = ReadableSpan['instrumentationScope'];

/** Span flags of OTLP: the W3C trace flags, and whether the parent is known to be remote. */
const HAS_IS_REMOTE = 0x100;
const IS_REMOTE = 0x200;
const NANOS_PER_SECOND = 1_000_000_000;
/** Reserved length bytes: most spans encode to 128 bytes or more, most attributes to fewer. */
const SPAN_LENGTH_BYTES = 2;
const GROUP_LENGTH_BYTES = 3;
/** Attribute keys come from code, a few dozen; the bound only guards against dynamic keys. */
const MAX_CACHED_KEYS = 1_024;
const EXPECTED_ROOM = 1.25;

/**
 * Encodes spans as an OTLP `ExportTraceServiceRequest` in protobuf, byte for byte what
 * `@opentelemetry/otlp-transformer` encodes, at a fraction of its cost: one pass into a
 * buffer kept between exports instead of a sizing pass and a writing pass, attribute keys
 * encoded once, ids and long strings converted without intermediate arrays. Export is most of
 * what tracing costs a busy service, so it pays to make it cheap: with the package's serializer
 * tracing cost about 10 percentage points more throughput (docs/architecture.md, "Observability",
 * measured with bench/tracing-cost.mjs).
 */
export class OtlpSpanEncoder {
  private readonly writer = new ProtobufWriter();
  /** Size of the last request, with some room: the next is likely about as large. */
  private expectedBytes: number | undefined;
  /** `KeyValue.key` field (tag, length, UTF-8 bytes) of each attribute key seen. */
  private readonly encodedKeys = new Map<string, Uint8Array>();

  encode(spans: readonly ReadableSpan[]): Uint8Array {
    const writer = this.writer;
    writer.start(this.expectedBytes);
    for (const [resource, scopes] of groupByResourceAndScope(spans)) {
      writer.tag(1, LENGTH_DELIMITED);
      const start = writer.startLength(GROUP_LENGTH_BYTES);
      this.resource(resource);
      for (const [scope, scopeSpans] of scopes) this.scopeSpans(scope, scopeSpans);
      if (resource.schemaUrl) {
        writer.tag(3, LENGTH_DELIMITED);
        writer.string(resource.schemaUrl);
      }
      writer.endLength(start, GROUP_LENGTH_BYTES);
    }
    const encoded = writer.finish();
    this.expectedBytes = Math.ceil(encoded.length * EXPECTED_ROOM);
    return encoded;
  }

  private resource(resource: Resource): void {
    const writer = this.writer;
    writer.tag(1, LENGTH_DELIMITED);
    const start = writer.startLength(2);
    this.attributes(resource.attributes, 1);
    writer.tag(2, VARINT);
    writer.varint(0);
    writer.endLength(start, 2);
  }

  private scopeSpans(scope: Scope, spans: ReadableSpan[]): void {
    const writer = this.writer;
    writer.tag(2, LENGTH_DELIMITED);
    const start = writer.startLength(GROUP_LENGTH_BYTES);
    this.scope(scope);
    for (const span of spans) this.span(span);
    if (scope.schemaUrl) {
      writer.tag(3, LENGTH_DELIMITED);
      writer.string(scope.schemaUrl);
    }
    writer.endLength(start, GROUP_LENGTH_BYTES);
  }

  private scope(scope: Scope & { attributes?: Attributes; droppedAttributesCount?: number }): void {
    const writer = this.writer;
    writer.tag(1, LENGTH_DELIMITED);
    const start = writer.startLength();
    writer.tag(1, LENGTH_DELIMITED);
    writer.string(scope.name);
    if (scope.version) {
      writer.tag(2, LENGTH_DELIMITED);
      writer.string(scope.version);
    }
    if (scope.attributes) this.attributes(scope.attributes, 3);
    if (scope.droppedAttributesCount) {
      writer.tag(4, VARINT);
      writer.varint(scope.droppedAttributesCount);
    }
    writer.endLength(start);
  }

  private span(span: ReadableSpan): void {
    const writer = this.writer;
    const context = span.spanContext();
    const parent = span.parentSpanContext;
    writer.tag(2, LENGTH_DELIMITED);
    const start = writer.startLength(SPAN_LENGTH_BYTES);
    this.identity(context);
    if (parent?.spanId) {
      writer.tag(4, LENGTH_DELIMITED);
      writer.hexBytes(parent.spanId);
    }
    writer.tag(5, LENGTH_DELIMITED);
    writer.string(span.name);
    // OTLP's kinds start at 1 (0 is "unspecified"); the API's at 0.
    writer.tag(6, VARINT);
    writer.varint(span.kind + 1);
    writer.tag(7, FIXED64);
    this.time(span.startTime);
    writer.tag(8, FIXED64);
    this.time(span.endTime);
    this.attributes(span.attributes, 9);
    writer.tag(10, VARINT);
    writer.varint(span.droppedAttributesCount);
    for (const event of span.events) this.event(event);
    writer.tag(12, VARINT);
    writer.varint(span.droppedEventsCount);
    for (const link of span.links) this.link(link);
    writer.tag(14, VARINT);
    writer.varint(span.droppedLinksCount);
    this.status(span.status);
    writer.tag(16, FIXED32);
    writer.fixed32(spanFlags(context.traceFlags, parent?.isRemote));
    writer.endLength(start, SPAN_LENGTH_BYTES);
  }

  private event(event: TimedEvent): void {
    const writer = this.writer;
    writer.tag(11, LENGTH_DELIMITED);
    const start = writer.startLength(SPAN_LENGTH_BYTES);
    writer.tag(1, FIXED64);
    this.time(event.time);
    writer.tag(2, LENGTH_DELIMITED);
    writer.string(event.name);
    if (event.attributes) this.attributes(event.attributes, 3);
    writer.tag(4, VARINT);
    writer.varint(event.droppedAttributesCount ?? 0);
    writer.endLength(start, SPAN_LENGTH_BYTES);
  }

  private link(link: Link & { droppedAttributesCount?: number }): void {
    const writer = this.writer;
    const context = link.context;
    writer.tag(13, LENGTH_DELIMITED);
    const start = writer.startLength();
    this.identity(context);
    if (link.attributes) this.attributes(link.attributes, 4);
    writer.tag(5, VARINT);
    writer.varint(link.droppedAttributesCount ?? 0);
    writer.tag(6, FIXED32);
    writer.fixed32(spanFlags(context.traceFlags, context.isRemote));
    writer.endLength(start);
  }

  /** Trace id, span id and trace state: fields 1 to 3 of both a span and a link. */
  private identity(context: SpanContext): void {
    const writer = this.writer;
    writer.tag(1, LENGTH_DELIMITED);
    writer.hexBytes(context.traceId);
    writer.tag(2, LENGTH_DELIMITED);
    writer.hexBytes(context.spanId);
    const traceState = context.traceState?.serialize();
    if (traceState) {
      writer.tag(3, LENGTH_DELIMITED);
      writer.string(traceState);
    }
  }

  private status(status: SpanStatus): void {
    const writer = this.writer;
    writer.tag(15, LENGTH_DELIMITED);
    const start = writer.startLength();
    if (status.message) {
      writer.tag(2, LENGTH_DELIMITED);
      writer.string(status.message);
    }
    writer.tag(3, VARINT);
    writer.varint(status.code);
    writer.endLength(start);
  }

  /** Repeated `KeyValue` in field `field`. */
  private attributes(attributes: Attributes, field: number): void {
    const writer = this.writer;
    for (const key in attributes) {
      if (!Object.prototype.hasOwnProperty.call(attributes, key)) continue;
      writer.tag(field, LENGTH_DELIMITED);
      const start = writer.startLength();
      writer.raw(this.encodedKey(key));
      writer.tag(2, LENGTH_DELIMITED);
      const valueStart = writer.startLength();
      this.anyValue(attributes[key]);
      writer.endLength(valueStart);
      writer.endLength(start);
    }
  }

  private anyValue(value: AttributeValue | Uint8Array | Record<string, unknown> | undefined): void {
    const writer = this.writer;
    if (typeof value === 'string') {
      writer.tag(1, LENGTH_DELIMITED);
      writer.string(value);
    } else if (typeof value === 'boolean') {
      writer.tag(2, VARINT);
      writer.varint(value ? 1 : 0);
    } else if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63) {
        writer.tag(3, VARINT);
        writer.varint(value);
      } else {
        writer.tag(4, FIXED64);
        writer.double(value);
      }
    } else if (value instanceof Uint8Array) {
      writer.tag(7, LENGTH_DELIMITED);
      writer.bytes(value);
    } else if (Array.isArray(value)) {
      writer.tag(5, LENGTH_DELIMITED);
      const start = writer.startLength();
      for (const item of value) {
        writer.tag(1, LENGTH_DELIMITED);
        const itemStart = writer.startLength();
        this.anyValue(item ?? undefined);
        writer.endLength(itemStart);
      }
      writer.endLength(start);
    } else if (typeof value === 'object' && value !== null) {
      writer.tag(6, LENGTH_DELIMITED);
      const start = writer.startLength();
      this.attributes(value as Attributes, 1);
      writer.endLength(start);
    }
  }

  private encodedKey(key: string): Uint8Array {
    let encoded = this.encodedKeys.get(key);
    if (encoded) return encoded;
    const bytes = Buffer.from(key, 'utf8');
    const keyWriter = new ProtobufWriter();
    keyWriter.start(bytes.length + 6);
    keyWriter.tag(1, LENGTH_DELIMITED);
    keyWriter.bytes(bytes);
    encoded = keyWriter.finish();
    if (this.encodedKeys.size < MAX_CACHED_KEYS) this.encodedKeys.set(key, encoded);
    return encoded;
  }

  /** An `HrTime` as fixed64 nanoseconds since the epoch, exactly (beyond 2^53). */
  private time([seconds, nanos]: HrTime): void {
    const fromLowSeconds = (seconds % 0x10000) * NANOS_PER_SECOND;
    const fromHighSeconds = Math.floor(seconds / 0x10000) * NANOS_PER_SECOND;
    // total = fromLowSeconds + nanos + fromHighSeconds * 2^16, each term exact in a double.
    const lowPart = fromLowSeconds + nanos + (fromHighSeconds % 0x10000) * 0x10000;
    const low = lowPart % 0x1_0000_0000;
    const high = Math.floor(lowPart / 0x1_0000_0000) + Math.floor(fromHighSeconds / 0x10000);
    this.writer.fixed64(low, high);
  }
}

function spanFlags(traceFlags: number, isRemote: boolean | undefined): number {
  return (traceFlags & 0xff) | HAS_IS_REMOTE | (isRemote ? IS_REMOTE : 0);
}

/** Spans by resource, then by instrumentation scope, each in the order first seen. */
function groupByResourceAndScope(
  spans: readonly ReadableSpan[],
): Map<Resource, Map<Scope, ReadableSpan[]>> {
  const byResource = new Map<Resource, Map<Scope, ReadableSpan[]>>();
  for (const span of spans) {
    let byScope = byResource.get(span.resource);
    if (!byScope) byResource.set(span.resource, (byScope = new Map()));
    const scoped = byScope.get(span.instrumentationScope);
    if (scoped) scoped.push(span);
    else byScope.set(span.instrumentationScope, [span]);
  }
  return byResource;
}
