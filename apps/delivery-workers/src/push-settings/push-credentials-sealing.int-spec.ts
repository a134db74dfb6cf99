import { randomBytes } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { Channel, Jobs, PushTokenDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  eventually,
  loopbackTls,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { connect, NatsConnection } from 'nats';
import {
  closeProviderPeers,
  deliveryJobOf,
  newTenant,
  ProviderPeers,
  providerSettingsOf,
  publishJob,
  savePushCredentials,
  startProviderPeers,
  StreamLog,
  Tenant,
} from '../delivery/test-peers/delivery-fixtures';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryWorkersModule } from '../delivery-workers.module';
import { pushTokenOf } from '../mobile-push/test-peers/mobile-push-fixtures';
import { PushPrivateKeysResealer } from './push-private-keys-resealer';

const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;

interface StoredRow {
  provider: string;
  credentials: Record<string, string>;
  /** The whole row as text: where a plaintext key would show, whatever the column. */
  whole: string;
}

/**
 * FCM and APNs private keys are sealed in `delivery.push_credentials` (`SECRETS_MASTER_KEYS`),
 * bound to their row, re-sealed under a new master key, and pushes still go out with them.
 */
describe('push private keys at rest', () => {
  const namespace = createTestNamespace();
  const rotatedNamespace = createTestNamespace();
  let db: TestDatabase;
  let nats: NatsConnection;
  let peers: ProviderPeers;
  let app: INestApplicationContext;
  let events: StreamLog;
  let rotatedApp: INestApplicationContext | undefined;
  let rotatedEvents: StreamLog | undefined;

  beforeAll(async () => {
    [db, nats, peers] = await Promise.all([
      createTestDatabase(),
      connect({ servers: process.env['NATS_URL'] }),
      startProviderPeers(loopbackTls()),
    ]);
    app = await boot(namespace, K1);
    events = await StreamLog.follow(nats, `${namespace}_EVENTS`);
  });

  afterAll(async () => {
    await Promise.all([events, rotatedEvents].map((log) => log?.close()));
    await Promise.all([app, rotatedApp].map((booted) => booted?.close()));
    await nats?.close();
    await closeProviderPeers(peers);
    await Promise.all([dropTestNamespace(namespace), dropTestNamespace(rotatedNamespace)]);
    await db?.drop();
  });

  async function boot(bootNamespace: string, masterKeys: string) {
    const env = testEnv(DeliveryWorkersEnv, {
      namespace: bootNamespace,
      databaseUrl: db.url,
      ...providerSettingsOf(peers),
      SECRETS_MASTER_KEYS: masterKeys,
    });
    const booted = await bootService(DeliveryWorkersModule.forRoot(env));
    await booted.init();
    return booted;
  }

  const storedRowsOf = (tenant: Tenant) =>
    db.query<StoredRow>(
      `SELECT provider, credentials, row_to_json(c)::text AS whole
         FROM delivery.push_credentials c WHERE env_id = $1 ORDER BY provider`,
      [tenant.envId],
    );

  /** Runs of the keys' base64 body, and the PEM armour: none may be found in a stored row. */
  const plaintextPiecesOfKeys = () =>
    [peers.serviceAccount.credentials.privateKey, peers.apnsKey.credentials.privateKey].flatMap(
      (pem) => {
        const body = pem.replace(/-----[^-]+-----|\s/g, '');
        const runs = body.match(/.{16}/g) ?? [];
        return ['PRIVATE KEY', ...runs];
      },
    );

  /** Stores the peers' credentials for a tenant as the code before sealing did. */
  async function storeInPlaintext(tenant: Tenant) {
    const { projectId, clientEmail, privateKey } = peers.serviceAccount.credentials;
    for (const [provider, credentials] of [
      ['fcm', { projectId, clientEmail, privateKey }],
      ['apn', peers.apnsKey.credentials],
    ] as const) {
      await db.query(
        `INSERT INTO delivery.push_credentials (account_id, env_id, provider, credentials)
         VALUES ($1, $2, $3, $4)`,
        [tenant.accountId, tenant.envId, provider, JSON.stringify(credentials)],
      );
    }
  }

  const pushJobOf = (tenant: Tenant, pushTokens: PushTokenDto[]) =>
    deliveryJobOf(Channel.PUSH, tenant, { pushTokens }, { title: 'Hi', message: 'Sealed' });

  /** Pushes to an FCM and an APNs token of the tenant and waits until both peers took them. */
  async function expectPushesThrough(
    booted: INestApplicationContext,
    log: StreamLog,
    tenant: Tenant,
  ) {
    const fcmToken = `fcm-${randomBytes(8).toString('hex')}`;
    const apnToken = randomBytes(32).toString('hex');
    const job = pushJobOf(tenant, [pushTokenOf('FCM', fcmToken), pushTokenOf('APN', apnToken)]);
    await publishJob(booted, Jobs.mobilePushDelivery, job);

    await eventually(() => log.first(job.trackingId, 'delivery.mobile_push.delivered'));
    const toFcm = peers.fcm.received.filter((seen) => JSON.stringify(seen.body).includes(fcmToken));
    expect(toFcm).toHaveLength(1);
    expect(peers.apns.received.filter((seen) => seen.deviceToken === apnToken)).toHaveLength(1);
    expect(log.eventsOf(job.trackingId, 'delivery.mobile_push.failed')).toEqual([]);
  }

  it('stores no part of the FCM and APNs private keys in plaintext, and pushes with them', async () => {
    const tenant = newTenant();
    await savePushCredentials(app.get(MessagingClient), tenant, peers);

    const rows = await storedRowsOf(tenant);
    expect(rows.map((row) => row.provider)).toEqual(['apn', 'fcm']);
    for (const row of rows) {
      expect(row.credentials['privateKey']).toMatch(/^sealed:v1:k1:[\w-]+:[\w-]+$/);
      for (const piece of plaintextPiecesOfKeys()) expect(row.whole).not.toContain(piece);
    }
    expect(rows[0]!.credentials).toMatchObject({ teamId: 'TEAM123456', keyId: 'KEY1234567' });
    expect(rows[1]!.credentials).toMatchObject({ projectId: 'clarion-test' });

    await expectPushesThrough(app, events, tenant);
  });

  it('seals private keys stored in plaintext before, and pushes with them meanwhile', async () => {
    const tenant = newTenant();
    await storeInPlaintext(tenant);
    await expectPushesThrough(app, events, tenant);

    const report = await app.get(PushPrivateKeysResealer).resealAll();

    expect(report.sealed).toBeGreaterThanOrEqual(2);
    const rows = await storedRowsOf(tenant);
    expect(rows.map((row) => row.credentials['privateKey'])).toEqual([
      expect.stringMatching(/^sealed:v1:k1:/),
      expect.stringMatching(/^sealed:v1:k1:/),
    ]);
    for (const row of rows) {
      for (const piece of plaintextPiecesOfKeys()) expect(row.whole).not.toContain(piece);
    }
  });

  it("does not push with a sealed key copied into another tenant's row", async () => {
    const [owner, intruder] = [newTenant(), newTenant()];
    await savePushCredentials(app.get(MessagingClient), owner, peers);
    await db.query(
      `INSERT INTO delivery.push_credentials (account_id, env_id, provider, credentials)
       SELECT $1, $2, provider, credentials FROM delivery.push_credentials WHERE env_id = $3`,
      [intruder.accountId, intruder.envId, owner.envId],
    );

    for (const [type, code] of [
      ['FCM', 'NO_FCM_CONFIG'],
      ['APN', 'NO_APN_CONFIG'],
    ] as const) {
      const token = randomBytes(32).toString('hex');
      const job = pushJobOf(intruder, [pushTokenOf(type, token)]);
      await publishJob(app, Jobs.mobilePushDelivery, job);

      const failed = await eventually(() =>
        events.first(job.trackingId, 'delivery.mobile_push.failed'),
      );
      expect(failed.data).toMatchObject({
        failedCode: code,
        internal: expect.stringContaining('credentials do not open'),
      });
      expect(JSON.stringify([...peers.fcm.received, ...peers.apns.received])).not.toContain(token);
    }
    // Rows that never open would be logged by every later re-sealing round of this spec.
    await db.query(`DELETE FROM delivery.push_credentials WHERE env_id = $1`, [intruder.envId]);
  });

  // Last: it re-seals every row of the database under k2, which the first app does not hold.
  it('re-seals private keys under k2 when k2 is put in front of k1, and pushes with them', async () => {
    const [sealedUnderK1, inPlaintext] = [newTenant(), newTenant()];
    await savePushCredentials(app.get(MessagingClient), sealedUnderK1, peers);
    await storeInPlaintext(inPlaintext);

    rotatedApp = await boot(rotatedNamespace, `${K2},${K1}`);
    rotatedEvents = await StreamLog.follow(nats, `${rotatedNamespace}_EVENTS`);
    // Before its first round it opens keys sealed under k1 and those in plaintext.
    await expectPushesThrough(rotatedApp, rotatedEvents, sealedUnderK1);

    const report = await rotatedApp.get(PushPrivateKeysResealer).resealAll();

    expect(report).toMatchObject({ sealed: 2, unopened: 0 });
    expect(report.resealed).toBeGreaterThanOrEqual(2);
    for (const tenant of [sealedUnderK1, inPlaintext]) {
      const rows = await storedRowsOf(tenant);
      expect(rows.map((row) => row.credentials['privateKey'])).toEqual([
        expect.stringMatching(/^sealed:v1:k2:/),
        expect.stringMatching(/^sealed:v1:k2:/),
      ]);
    }
    const rows = await db.query<{ count: string }>(
      `SELECT count(*) FROM delivery.push_credentials
        WHERE NOT starts_with(credentials->>'privateKey', 'sealed:v1:k2:')`,
    );
    expect(rows).toEqual([{ count: '0' }]);
    await expectPushesThrough(rotatedApp, rotatedEvents, inPlaintext);
  });
});
