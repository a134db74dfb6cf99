// Starts a service's telemetry in a plain Node process (Jest's module registry bypasses Node's
// loader, which the NodeSDK's deferred packages rely on), exporting to a loopback receiver that
// accepts everything, then prints as JSON which @opentelemetry packages were loaded and which
// fields the registered propagator injects.
const { readFileSync } = require('node:fs');
const { createServer } = require('node:http');
const { transformSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
    swcrc: false,
  });
  module._compile(code, filename);
};

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
