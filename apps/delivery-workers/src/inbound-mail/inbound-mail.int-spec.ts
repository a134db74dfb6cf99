import { randomBytes } from 'node:crypto';
import { INestApplicationContext } from '@nestjs/common';
import { connect, NatsConnection } from 'nats';
import { newTimeOrderedId, Requests, TenantScope } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestDatabase,
  createTestNamespace,
  deliverMail,
  dropTestNamespace,
  eventually,
  SeverableProxy,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { DeliveryWorkersEnv } from '../delivery-workers.env';
import { DeliveryWorkersModule } from '../delivery-workers.module';
import { StreamLog } from '../delivery/test-peers/delivery-fixtures';
import { InboundSmtpListener } from './inbound-smtp-listener';

/** Nothing the listener said 250 to is lost, and nothing is taken that it could not keep. */
describe(InboundSmtpListener.name, () => {
  const namespace = createTestNamespace();
  const tenant: TenantScope = { accountId: newTimeOrderedId(), envId: newTimeOrderedId() };
  let db: TestDatabase;
  let link: SeverableProxy;
  let app: INestApplicationContext;
  let nats: NatsConnection;
  let events: StreamLog;
  let port: number;
  let inbox: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    const natsUrl = new URL(process.env['NATS_URL'] ?? 'nats://127.0.0.1:4222');
    link = new SeverableProxy(natsUrl.hostname, Number(natsUrl.port || 4222));
    await link.start();
    const env = testEnv(DeliveryWorkersEnv, {
      namespace,
      databaseUrl: db.url,
      NATS_URL: `nats://127.0.0.1:${link.port}`,
      SECRETS_MASTER_KEYS: `k1:${randomBytes(32).toString('base64')}`,
      EMAIL_INBOUND_DOMAIN: 'in.clarion.test',
    });
    app = await bootService(DeliveryWorkersModule.forRoot(env));
    await app.init();
    port = app.get(InboundSmtpListener).port;
    nats = await connect({ servers: process.env['NATS_URL'] });
    events = await StreamLog.follow(nats, `${namespace}_EVENTS`);
    const created = await app
      .get(MessagingClient)
      .request(Requests.createInboxAddress, { ...tenant, prefix: 'desk' });
    inbox = created.address.fullAddress;
  });

  afterAll(async () => {
    await events?.close();
    await app?.close();
    await nats?.close();
    await link?.stop();
    await Promise.all([db.drop(), dropTestNamespace(namespace)]);
  });

  const messageOf = (messageId: string) =>
    [
      'From: ada@example.org',
      `To: ${inbox}`,
      'Subject: Where is my order?',
      `Message-ID: ${messageId}`,
      '',
      'It has not arrived.',
      '',
    ].join('\r\n');
  const inboundEventsOf = (messageId: string) =>
    events.entries.filter((entry) => {
      const data = entry.data as { kind?: string; data?: { fields?: Record<string, unknown> } };
      return (
        data.kind === 'delivery.email.inbound' && data.data?.fields?.['message_id'] === messageId
      );
    });

  it('answers 451 while the broker is out of reach, so the sender keeps the message and tries again', async () => {
    link.sever();
    try {
      await expect(
        deliverMail(
          port,
          { from: 'ada@example.org', to: [inbox] },
          messageOf('<out-1@example.org>'),
        ),
      ).rejects.toMatchObject({ responseCode: 451 });
    } finally {
      link.restore();
    }
    // The sending server's retry, once the broker is back, is taken and becomes the event.
    await eventually(
      () =>
        deliverMail(
          port,
          { from: 'ada@example.org', to: [inbox] },
          messageOf('<out-1@example.org>'),
        ).catch(() => undefined),
      { timeoutMs: 20_000 },
    );
    await eventually(() => (inboundEventsOf('<out-1@example.org>').length > 0 ? true : undefined));
  });

  it('queues a message handed over twice (its 250 was lost on the way) once', async () => {
    const message = messageOf('<twice-1@example.org>');
    for (let i = 0; i < 2; i++) {
      await expect(
        deliverMail(port, { from: 'ada@example.org', to: [inbox] }, message),
      ).resolves.toMatch(/^250/);
    }
    await eventually(() =>
      inboundEventsOf('<twice-1@example.org>').length > 0 ? true : undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(inboundEventsOf('<twice-1@example.org>')).toHaveLength(1);
  });
});
