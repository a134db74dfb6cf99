import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWithToolModule } from './run-tool-module';

/** Loopback ports where nothing listens (below 1024, no test binds them). */
const NOBODY = ['nats://127.0.0.1:1', 'nats://u:secret@127.0.0.1:2'];

describe('tools/infra.mjs with NATS_URL naming the nodes of a cluster', () => {
  it('shows every URL of a list without its password', () => {
    expect(
      runWithToolModule<string>(
        'infra.mjs',
        ['shownUrl'],
        `process.stdout.write(JSON.stringify(shownUrl('nats://a:p1@n1:4222,nats://b:p2@n2:4222')));`,
      ),
    ).toBe('nats://a:***@n1:4222,nats://b:***@n2:4222');
  });

  it('starts no NATS for a cluster, and fails naming NATS_URL when none of its nodes answers', () => {
    const root = mkdtempSync(join(tmpdir(), 'clarion-infra-'));
    try {
      const outcome = runWithToolModule<{ error?: string }>(
        'infra.mjs',
        ['ensureInfrastructure'],
        `const env = { PATH: process.env.PATH, CLARION_DATA_DIR: ${JSON.stringify(root)},
          DATABASE_URL: 'postgres://127.0.0.1:1/clarion', NATS_URL: ${JSON.stringify(NOBODY.join(','))} };
        ensureInfrastructure({ root: ${JSON.stringify(root)}, env, log: () => undefined }).then(
          (infra) => infra.stop().then(() => process.stdout.write('{}')),
          (error) => process.stdout.write(JSON.stringify({ error: error.message })),
        );`,
      );
      expect(outcome).toEqual({
        error:
          'No NATS server of nats://127.0.0.1:1,nats://u:***@127.0.0.1:2 is reachable: check NATS_URL.',
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
