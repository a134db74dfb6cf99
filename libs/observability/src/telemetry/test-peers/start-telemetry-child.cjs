// Starts a service's telemetry in a plain Node process (Jest's module registry bypasses Node's
// loader, which the NodeSDK's deferred packages rely on), exporting to a loopback receiver that
// accepts everything, then prints as JSON which @opentelemetry packages were loaded and which
// fields the registered propagator injects.
const { createServer } = require('node:http');

require('./load-typescript.cjs');

const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => response.writeHead(200).end());
});

receiver.listen(0, '127.0.0.1', async () => {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${receiver.address().port}`;
  const { propagation } = require('@opentelemetry/api');
  const { startTelemetry, stopTelemetry } = require('../start-telemetry.ts');
  startTelemetry('deferred-packages-spec');
  const loaded = new Set();
  for (const path of Object.keys(require.cache)) {
    const match = /node_modules\/@opentelemetry\/([^/]+)\//.exec(path);
    if (match) loaded.add(match[1]);
  }
  const fields = propagation.fields();
  await stopTelemetry();
  receiver.close();
  process.stdout.write(JSON.stringify({ loaded: [...loaded].sort(), fields }));
});
