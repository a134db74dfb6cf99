import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { connect as connectTcp } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestNamespace, freePort, RunningSystem } from '@clarion/testing';
import { ApiClient } from './api-client';

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(!socket.destroy()));
    socket.once('error', () => resolve(false));
  });
}

describe('npm start on a machine without PostgreSQL and NATS', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clarion-fresh-'));
  let system: RunningSystem;
  let databasePort: number;
  let natsPort: number;

  beforeAll(async () => {
    // As root, the embedded PostgreSQL runs as the postgres user, who must reach the data folder.
    chmodSync(dataDir, 0o755);
    [databasePort, natsPort] = [await freePort(), await freePort()];
    system = new RunningSystem({
      databaseUrl: `postgres://postgres@127.0.0.1:${databasePort}/clarion`,
      namespace: createTestNamespace(),
      extraEnv: { NATS_URL: `nats://127.0.0.1:${natsPort}`, CLARION_DATA_DIR: dataDir },
    });
    await system.start(120_000);
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts an embedded PostgreSQL and nats-server, says so, and serves a send end to end', async () => {
    const output = system.output.join('');
    expect(output).toContain(`started an embedded one on port ${databasePort}`);
    expect(output).toContain(`started nats-server -js on port ${natsPort}`);

    const account = system.createAccount('Fresh', 'owner@fresh.test', {
      databaseUrl: `postgres://postgres:postgres@127.0.0.1:${databasePort}/clarion`,
    });
    const api = ApiClient.withApiKey(system.baseUrl, account.apiKey);
    const sent = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'hello',
      to: { id: 'u1' },
      inapp: { title: 'Hi' },
    });
    expect(sent.status).toBe(200);
  });

  it('stops every service and both servers it started on Ctrl-C', async () => {
    await expect(system.stop()).resolves.toBe(0);
    await expect(isListening(databasePort)).resolves.toBe(false);
    await expect(isListening(natsPort)).resolves.toBe(false);
  });
});
