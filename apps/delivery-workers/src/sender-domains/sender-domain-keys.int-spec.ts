import { randomBytes } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { newTimeOrderedId, Requests, SenderDomainResponseDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  dropTestNamespace,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryWorkersModule } from '../delivery-workers.module';
import { DkimPrivateKeysResealer } from './dkim-private-keys-resealer';
import { SigningDomains } from './signing-domains';

const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;

/** DKIM private keys are sealed at rest, bound to their row, and re-sealed under a new master key. */
describe('sender domain keys at rest', () => {
  const namespace = createTestNamespace();
  let db: TestDatabase;
  let apps: INestApplicationContext[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all([db.drop(), dropTestNamespace(namespace)]);
  });

  async function boot(masterKeys: string): Promise<INestApplicationContext> {
    const env = testEnv(DeliveryWorkersEnv, {
      namespace,
      databaseUrl: db.url,
      SECRETS_MASTER_KEYS: masterKeys,
    });
    const app = await bootService(DeliveryWorkersModule.forRoot(env));
    await app.init();
    apps = [...apps, app];
    return app;
  }

  const storedKeyOf = async (accountId: string) =>
    (
      await db.query<{ key: string }>(
        'SELECT dkim_private_key AS key FROM delivery.sender_domains WHERE account_id = $1',
        [accountId],
      )
    )[0]!.key;

  it('stores the key sealed, opens it only for its own row, and re-seals it under a new master key', async () => {
    const first = await boot(K1);
    const accountId = newTimeOrderedId();
    const [added] = await first
      .get(MessagingClient)
      .request(Requests.addSenderDomain, { accountId, sender: 'keys.test' });
    expect(added).toMatchObject<Partial<SenderDomainResponseDto>>({ sender: 'keys.test' });
    const sealed = await storedKeyOf(accountId);
    expect(sealed).toMatch(/^sealed:v1:k1:/);
    expect(sealed).not.toMatch(/PRIVATE KEY/);

    // Verified by hand: signing keys are only those of verified domains.
    await db.query(`UPDATE delivery.sender_domains SET status = 'SUCCESS'`);
    const [signing] = await first.get(SigningDomains).of(accountId);
    expect(signing?.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    // Copied to another account's row, it does not open.
    const stranger = newTimeOrderedId();
    await db.query(
      `INSERT INTO delivery.sender_domains
         SELECT $1, domain, selector, dkim_public_key, dkim_private_key, status, records, created_at, last_sync
           FROM delivery.sender_domains WHERE account_id = $2`,
      [stranger, accountId],
    );
    // Mail of that account is then sent unsigned, from the built-in sender, rather than held back.
    await expect(first.get(SigningDomains).of(stranger)).resolves.toEqual([]);

    const rotated = await boot(`${K2},${K1}`);
    // The copied row does not open and stays as it is; the account's own is re-sealed.
    await expect(rotated.get(DkimPrivateKeysResealer).resealAll()).resolves.toBe(1);
    await expect(storedKeyOf(accountId)).resolves.toMatch(/^sealed:v1:k2:/);
    const [reopened] = await rotated.get(SigningDomains).of(accountId);
    expect(reopened?.privateKeyPem).toBe(signing?.privateKeyPem);
    await db.query('DELETE FROM delivery.sender_domains WHERE account_id = $1', [stranger]);
    await expect(rotated.get(DkimPrivateKeysResealer).resealAll()).resolves.toBe(0);
  });
});
