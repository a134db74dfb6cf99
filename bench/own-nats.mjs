// The NATS of a benchmark that asks for none (`--nats-url own`, the default): a nats-server of its
// own, configured as `npm start` configures one (tools/nats-server.mjs: JetStream synced to disk
// before every ack where the server can be), so that what a benchmark measures is the durable
// system. Its data lives under .data/bench/<namespace>-nats and goes with it.
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { natsServerBinary } from '../tools/infra-preconditions.mjs';
import { startNatsServer } from '../tools/nats-server.mjs';

export const OWN_NATS = 'own';

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts the nats-server from PATH on a free port; its URL, what it promises, and its stop. */
export async function startOwnNats(root, namespace, progress) {
  const binary = natsServerBinary('(none asked for)', process.env.PATH);
  const dataRoot = join(root, '.data', 'bench', `${namespace}-nats`);
  const started = await startNatsServer(binary, dataRoot, await freePort());
  const durability = started.durable ? 'synced to disk before every ack' : 'NOT synced before ack';
  progress(`started its own nats-server at ${started.url} (${durability})`);
  if (started.warning) progress(started.warning);
  return {
    url: started.url,
    durability,
    stop: async () => {
      await started.stop();
      rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}
