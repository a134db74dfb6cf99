import { Context, diag, TraceFlags } from '@opentelemetry/api';
import { ExportResult, ExportResultCode, getNumberFromEnv } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { EncodedSpans, OtlpSpanEncoder, Scope } from './otlp-span-encoder';
import { ProtobufWriter } from './protobuf-writer';

/** Where a batch goes: one OTLP `ExportTraceServiceRequest`, already encoded. */
export interface EncodedSpanTransport {
  send(request: Uint8Array, spanCount: number): Promise<ExportResult>;
  shutdown(): Promise<void>;
}

export interface EncodingSpanProcessorConfig {
  maxExportBatchSize: number;
  scheduledDelayMillis: number;
  maxQueueSize: number;
}

/** What the SDK's BatchSpanProcessor takes from the standard OTEL_BSP_* variables. */
export function batchConfigFromEnv(): EncodingSpanProcessorConfig {
  const maxQueueSize = getNumberFromEnv('OTEL_BSP_MAX_QUEUE_SIZE') ?? 2048;
  const maxExportBatchSize = getNumberFromEnv('OTEL_BSP_MAX_EXPORT_BATCH_SIZE') ?? 512;
  return {
    maxQueueSize,
    maxExportBatchSize: Math.min(maxExportBatchSize, maxQueueSize),
    scheduledDelayMillis: getNumberFromEnv('OTEL_BSP_SCHEDULE_DELAY') ?? 5000,
  };
}

/** The first bytes a scope's span buffer takes: a few dozen spans' worth. */
const SCOPE_BUFFER_BYTES = 16 * 1024;

/**
 * A batching span processor that encodes each sampled span to OTLP protobuf as it ends and keeps
 * only the bytes until the batch is exported (when it holds `maxExportBatchSize` spans, or
 * `scheduledDelayMillis` after its first), as the SDK's BatchSpanProcessor batches, with the same
 * OTEL_BSP_* settings. The SDK's processor holds every ended span, with its attributes, events
 * and links, for up to its delay: under load those objects outlive the young generation, and
 * collecting them from the old one cost a busy service as much as recording the spans. Here a
 * span is garbage as soon as it ends. Spans beyond `maxQueueSize` not yet sent are dropped.
 */
export class OtlpEncodingSpanProcessor implements SpanProcessor {
  private readonly encoder = new OtlpSpanEncoder();
  private groups = new Map<Resource, Map<Scope, ProtobufWriter>>();
  private batchedSpans = 0;
  private sendingSpans = 0;
  private droppedSpans = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly sending = new Set<Promise<void>>();
  private shutDown = false;

  constructor(
    private readonly transport: EncodedSpanTransport,
    private readonly config: EncodingSpanProcessorConfig = batchConfigFromEnv(),
  ) {}

  onStart(_span: Span, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    if (this.shutDown || (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0) return;
    if (this.batchedSpans + this.sendingSpans >= this.config.maxQueueSize) {
      if (this.droppedSpans++ === 0) diag.warn('span export is behind: dropping spans');
      return;
    }
    this.encoder.appendSpan(this.writerFor(span), span);
    this.batchedSpans += 1;
    if (this.batchedSpans >= this.config.maxExportBatchSize) this.sendBatch();
    else
      this.timer ??= setTimeout(() => this.sendBatch(), this.config.scheduledDelayMillis).unref();
  }

  /** Sends what is batched and waits until every batch sent so far has been answered. */
  async forceFlush(): Promise<void> {
    this.sendBatch();
    await Promise.all(this.sending);
  }

  async shutdown(): Promise<void> {
    if (this.shutDown) return;
    await this.forceFlush();
    this.shutDown = true;
    await this.transport.shutdown();
  }

  private writerFor(span: ReadableSpan): ProtobufWriter {
    let byScope = this.groups.get(span.resource);
    if (!byScope) this.groups.set(span.resource, (byScope = new Map()));
    let writer = byScope.get(span.instrumentationScope);
    if (!writer) {
      writer = new ProtobufWriter();
      writer.start(SCOPE_BUFFER_BYTES);
      byScope.set(span.instrumentationScope, writer);
    }
    return writer;
  }

  private sendBatch(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const spanCount = this.batchedSpans;
    if (spanCount === 0) return;
    const encoded: EncodedSpans = new Map(
      [...this.groups].map(([resource, byScope]) => [
        resource,
        new Map([...byScope].map(([scope, writer]) => [scope, writer.finish()])),
      ]),
    );
    this.groups = new Map();
    this.batchedSpans = 0;
    this.sendingSpans += spanCount;
    const sent = this.send(this.encoder.encodeAppended(encoded), spanCount).finally(() => {
      this.sendingSpans -= spanCount;
      this.sending.delete(sent);
    });
    this.sending.add(sent);
  }

  private async send(request: Uint8Array, spanCount: number): Promise<void> {
    try {
      const result = await this.transport.send(request, spanCount);
      if (result.code !== ExportResultCode.SUCCESS) {
        diag.error(`span export failed (${spanCount} spans)`, result.error);
      }
    } catch (error) {
      diag.error(`span export failed (${spanCount} spans)`, error);
    }
  }
}
