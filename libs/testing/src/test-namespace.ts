import { randomBytes } from 'node:crypto';
import { StreamName } from '@clarion/contracts';
import { connect } from 'nats';
import { requireEnv } from './test-database';

/** A unique namespace for NATS subjects and streams, so test runs never see each other's messages. */
export function createTestNamespace(): string {
  return `t${randomBytes(5).toString('hex')}`;
}

/** Removes the streams a test namespace created, so test runs leave nothing behind in NATS. */
export async function dropTestNamespace(namespace: string): Promise<void> {
  const connection = await connect({ servers: requireEnv('NATS_URL') });
  try {
    const manager = await connection.jetstreamManager();
    for (const stream of Object.values(StreamName)) {
      await manager.streams.delete(`${namespace}_${stream}`).catch(() => undefined);
    }
    // Key-value buckets and object stores of the namespace.
    for await (const name of manager.streams.names()) {
      if (name.startsWith(`KV_${namespace}_`) || name.startsWith(`OBJ_${namespace}_`)) {
        await manager.streams.delete(name).catch(() => undefined);
      }
    }
  } finally {
    await connection.close();
  }
}
