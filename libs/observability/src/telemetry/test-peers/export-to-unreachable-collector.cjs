// Starts a service's telemetry in a plain Node process exporting to a collector that is not
// there (a loopback port nothing listens on), exports spans and metrics a few times, then starts
// a collector on that port and exports once more (unless its argument is `stays-away`), and
// stops. Everything the process prints is what telemetry logged: the spec reads it.
const { createServer } = require('node:http');

require('./load-typescript.cjs');

const FAILED_EXPORTS = 3;

const listen = (server, port) =>
  new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server.address().port)));
const close = (server) => new Promise((resolve) => server.close(resolve));

async function main() {
  const collector = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  const port = await listen(collector, 0);
  await close(collector);
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;

  const { trace } = require('@opentelemetry/api');
  const { startTelemetry, flushTelemetry, stopTelemetry } = require('../start-telemetry.ts');
  const { countSendsAccepted } = require('../../metrics/clarion-metrics.ts');
  startTelemetry('export-failures-spec');
  const exportOnce = async () => {
    trace.getTracer('spec').startSpan('spec work').end();
    countSendsAccepted();
    await flushTelemetry();
  };
  for (let i = 0; i < FAILED_EXPORTS; i++) await exportOnce();
  if (process.argv[2] === 'stays-away') {
    trace.getTracer('spec').startSpan('work still buffered at the stop').end();
    await stopTelemetry();
    return;
  }
  await listen(collector, port);
  await exportOnce();
  await stopTelemetry();
  await close(collector);
}

void main();
