import type { ExportResult } from '@opentelemetry/core';
import {
  IExporterMetricsHelper,
  ISerializer,
  ProtobufTraceSerializer,
} from '@opentelemetry/otlp-transformer';
import type { EncodedSpanTransport } from './otlp-encoding-span-processor';

// The package's `node-http` entry, which only its exports map names; the workspace resolves types
// the older way, by path.
const { convertLegacyHttpOptions, createOtlpHttpExportDelegate } =
  require('@opentelemetry/otlp-exporter-base/node-http') as typeof import('@opentelemetry/otlp-exporter-base/build/src/index-node-http');

/** What `@opentelemetry/exporter-trace-otlp-proto` calls its exporter in its own metrics. */
const COMPONENT_TYPE = 'otlp_http_span_exporter';

interface EncodedRequest {
  bytes: Uint8Array;
  spanCount: number;
}

const alreadyEncoded: ISerializer<EncodedRequest, unknown> = {
  serializeRequest: (request) => request.bytes,
  // A partial success names what the collector rejected; the transport logs it.
  deserializeResponse: (response) => ProtobufTraceSerializer.deserializeResponse(response),
};
const spansCounted: IExporterMetricsHelper<EncodedRequest> = {
  name: 'span',
  countItems: (request) => request.spanCount,
};

/**
 * The standard OTLP/HTTP protobuf trace transport of `@opentelemetry/otlp-exporter-base`, with
 * its endpoint, headers, timeout, retries, compression and concurrency limit from the same
 * OTEL_EXPORTER_OTLP_* variables as the SDK's exporter, sending requests already encoded.
 */
export class OtlpHttpSpanTransport implements EncodedSpanTransport {
  private readonly delegate = createOtlpHttpExportDelegate(
    convertLegacyHttpOptions({}, 'TRACES', 'v1/traces', {
      'Content-Type': 'application/x-protobuf',
    }),
    alreadyEncoded,
    COMPONENT_TYPE,
    spansCounted,
    undefined,
  );

  send(bytes: Uint8Array, spanCount: number): Promise<ExportResult> {
    return new Promise((resolve) => this.delegate.export({ bytes, spanCount }, resolve));
  }

  shutdown(): Promise<void> {
    return this.delegate.shutdown();
  }
}
