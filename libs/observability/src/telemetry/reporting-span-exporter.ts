import { ExportResult, ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { ExportHealth } from './export-health';

/**
 * A span exporter telling {@link ExportHealth} how each export went. The batching processor
 * would hand a failure to the SDK's global error handler, one dump per export, or, when
 * flushed, to nobody at all.
 */
export class ReportingSpanExporter implements SpanExporter {
  constructor(
    private readonly exporter: SpanExporter,
    private readonly health: ExportHealth,
  ) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.exporter.export(spans, (result) => {
      if (result.code === ExportResultCode.SUCCESS) {
        this.health.succeeded();
        resultCallback(result);
        return;
      }
      const error = result.error ?? new Error('the exporter gave no reason');
      this.health.failed(error);
      resultCallback({ code: result.code, error });
    });
  }

  shutdown(): Promise<void> {
    return this.exporter.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.exporter.forceFlush?.() ?? Promise.resolve();
  }
}
