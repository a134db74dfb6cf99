import { diag } from '@opentelemetry/api';
import { ExportResult, ExportResultCode } from '@opentelemetry/core';
import type { MetricReader, PushMetricExporter, ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { ExportHealth } from './export-health';

/**
 * Pushes what the Prometheus reader collects to an OTLP exporter at an interval. One reader
 * serves both: a second reader (the SDK's PeriodicExportingMetricReader) keeps a second copy of
 * every series, so each measurement a service records is aggregated twice, on every request and
 * every message. Both see the same cumulative series. How each push went is told to `health`.
 */
export class MetricsPush {
  private timer: NodeJS.Timeout | undefined;
  private inFlight: Promise<void> | undefined;

  constructor(
    private readonly reader: MetricReader,
    private readonly exporter: PushMetricExporter,
    private readonly intervalMs: number,
    private readonly health: ExportHealth,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.pushOnce(), this.intervalMs);
    this.timer.unref();
  }

  /** Collects and exports once; a push still under way is waited for rather than doubled. */
  pushOnce(): Promise<void> {
    this.inFlight ??= this.collectAndExport().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  /** Stops the interval, pushes what was recorded since the last push, and closes the exporter. */
  async shutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.pushOnce();
    await this.exporter.shutdown();
  }

  private async collectAndExport(): Promise<void> {
    try {
      const { resourceMetrics, errors } = await this.reader.collect();
      for (const error of errors) diag.error('metrics collection failed', error);
      const result = await this.export(resourceMetrics);
      if (result.code === ExportResultCode.SUCCESS) this.health.succeeded();
      else this.health.failed(result.error ?? new Error('the exporter gave no reason'));
    } catch (error) {
      this.health.failed(error);
    }
  }

  private export(resourceMetrics: ResourceMetrics): Promise<ExportResult> {
    return new Promise((resolve) => this.exporter.export(resourceMetrics, resolve));
  }
}
