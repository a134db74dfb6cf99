import { randomBytes } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { newTimeOrderedId, Requests, TenantScope } from '@clarion/contracts';
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
import { InboxAddressesRepository } from './inbox-addresses.repository';

/** The look-up inbound mail is routed by: any case, and custom addresses only on verified domains. */
describe(InboxAddressesRepository.name, () => {
  const namespace = createTestNamespace();
  let db: TestDatabase;
  let app: INestApplicationContext;
  let sut: InboxAddressesRepository;
  let messaging: MessagingClient;
  const tenant: TenantScope = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };

  beforeAll(async () => {
    db = await createTestDatabase();
    const env = testEnv(DeliveryWorkersEnv, {
      namespace,
      databaseUrl: db.url,
      SECRETS_MASTER_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      EMAIL_INBOUND_DOMAIN: 'In.Clarion.Test',
    });
    app = await bootService(DeliveryWorkersModule.forRoot(env));
    await app.init();
    sut = app.get(InboxAddressesRepository);
    messaging = app.get(MessagingClient);
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([db.drop(), dropTestNamespace(namespace)]);
  });

  /** A verified sender domain, as POST /domains and its verification leave it. */
  const addVerifiedDomain = async (domain: string) => {
    await messaging.request(Requests.addSenderDomain, {
      accountId: tenant.accountId,
      sender: domain,
    });
    await db.query(
      `UPDATE delivery.sender_domains SET status = 'SUCCESS' WHERE account_id = $1 AND domain = $2`,
      [tenant.accountId, domain],
    );
  };

  it('finds the built-in address whatever the case, on the configured inbound domain', async () => {
    const { address } = await messaging.request(Requests.createInboxAddress, {
      ...tenant,
      prefix: 'Support',
    });
    expect(address).toMatchObject({ fullAddress: 'support@in.clarion.test', type: 'builtin' });

    await expect(sut.findByFullAddress('SUPPORT@In.Clarion.Test')).resolves.toEqual({
      ...tenant,
      fullAddress: 'support@in.clarion.test',
      prefix: 'support',
      domain: 'in.clarion.test',
      type: 'builtin',
      createdAt: expect.any(Date),
    });
    await expect(sut.findByFullAddress('nobody@in.clarion.test')).resolves.toBeUndefined();
  });

  it('stops finding a custom address once its sender domain is removed', async () => {
    await addVerifiedDomain('shop.test');
    await messaging.request(Requests.createInboxAddress, {
      ...tenant,
      prefix: 'orders',
      domain: 'mail.shop.test',
      displayName: 'Orders',
    });
    await expect(sut.findByFullAddress('orders@mail.shop.test')).resolves.toMatchObject({
      type: 'custom',
      domain: 'mail.shop.test',
      displayName: 'Orders',
    });

    await messaging.request(Requests.deleteSenderDomain, {
      accountId: tenant.accountId,
      sender: 'shop.test',
    });
    await expect(sut.findByFullAddress('orders@mail.shop.test')).resolves.toBeUndefined();
  });

  it('does not find a custom address whose domain failed a later verification', async () => {
    await addVerifiedDomain('desk.test');
    await messaging.request(Requests.createInboxAddress, {
      ...tenant,
      prefix: 'help',
      domain: 'desk.test',
    });
    await expect(sut.findByFullAddress('help@desk.test')).resolves.toBeDefined();

    await db.query(
      `UPDATE delivery.sender_domains SET status = 'FAILED' WHERE domain = 'desk.test'`,
    );
    await expect(sut.findByFullAddress('help@desk.test')).resolves.toBeUndefined();
  });

  it('does not lend a domain verified by another account', async () => {
    await db.query(
      `INSERT INTO delivery.inbox_addresses (account_id, env_id, full_address, prefix, domain, type)
       VALUES ($1, $2, 'x@other.test', 'x', 'other.test', 'custom')`,
      [newTimeOrderedId(), newTimeOrderedId()],
    );
    await addVerifiedDomain('other.test');
    await expect(sut.findByFullAddress('x@other.test')).resolves.toBeUndefined();
  });
});
