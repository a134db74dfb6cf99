import { randomBytes, randomUUID } from 'node:crypto';
import dns from 'node:dns';
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
import { addressKeyOf, idempotencyKeyOf } from '../delivery/delivery-attempt';
import { StreamLog } from '../delivery/test-peers/delivery-fixtures';
import { messageTokenOf } from '../email/return-path';
import { InboundSmtpListener } from './inbound-smtp-listener';
import { RawSmtpClient } from './test-peers/raw-smtp-client';

const MAX_BYTES = 1024 * 1024;
const IDLE_TIMEOUT_MS = 5_000;
const MAX_CONNECTIONS_PER_CLIENT = 10;
const MAX_MESSAGES_PER_CLIENT_PER_MINUTE = 100;
const RETURN_PATH_HOST = 'bounces.clarion.test';

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
      EMAIL_RETURN_PATH_HOST: RETURN_PATH_HOST,
      EMAIL_INBOUND_MAX_BYTES: String(MAX_BYTES),
      EMAIL_INBOUND_MAX_BYTES_IN_FLIGHT: String(MAX_BYTES),
      EMAIL_INBOUND_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      EMAIL_INBOUND_MAX_CONNECTIONS_PER_CLIENT: String(MAX_CONNECTIONS_PER_CLIENT),
      EMAIL_INBOUND_MAX_MESSAGES_PER_CLIENT_PER_MINUTE: String(MAX_MESSAGES_PER_CLIENT_PER_MINUTE),
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

  /** A connection from `localAddress` that has said EHLO. */
  const greeted = async (localAddress = '127.0.0.1') => {
    const { client, greeting } = await RawSmtpClient.open(port, localAddress);
    expect(greeting).toMatch(/^220/);
    expect(await client.command('EHLO client.example.org')).toMatch(/^250/);
    return client;
  };
  /** A connection that has said EHLO, MAIL FROM and RCPT TO (each answered 250). */
  const transaction = async (
    localAddress = '127.0.0.1',
    mailFrom = 'MAIL FROM:<ada@example.org>',
  ) => {
    const client = await greeted(localAddress);
    expect(await client.command(mailFrom)).toMatch(/^250/);
    expect(await client.command(`RCPT TO:<${inbox}>`)).toMatch(/^250/);
    return client;
  };

  it('refuses at DATA a message with more MIME parts than it could read, instead of a 250 it would dead-letter', async () => {
    const parts = Array.from({ length: 1_001 }, (_, i) =>
      ['--b', 'Content-Type: text/plain', '', `part ${i}`].join('\r\n'),
    );
    const message = [
      'From: ada@example.org',
      `To: ${inbox}`,
      'Subject: Many parts',
      'Message-ID: <parts-1@example.org>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      ...parts,
      '--b--',
      '',
    ].join('\r\n');
    await expect(
      deliverMail(port, { from: 'ada@example.org', to: [inbox] }, message),
    ).rejects.toMatchObject({ responseCode: 552 });
    // Within the limit, it is taken.
    await expect(
      deliverMail(
        port,
        { from: 'ada@example.org', to: [inbox] },
        message.replace(parts.slice(900).join('\r\n') + '\r\n', ''),
      ),
    ).resolves.toMatch(/^250/);
  });

  it('takes a bounce only at a return-path domain of the message it is about', async () => {
    const token = randomBytes(16).toString('hex');
    await db.query(
      `INSERT INTO delivery.delivery_attempts
         (tracking_id, channel, address_key, account_id, env_id, address, state, provider_message_id)
       VALUES ($1, 'email', $2, $3, $4, 'grace@example.net', 'sent', $5)`,
      [
        randomUUID(),
        randomBytes(8).toString('hex'),
        tenant.accountId,
        tenant.envId,
        `<${token}@mail.example.com>`,
      ],
    );
    const client = await transaction('127.0.0.1', 'MAIL FROM:<>');
    expect(await client.command(`RCPT TO:<bounces+${token}@evil.example>`)).toMatch(/^550/);
    expect(
      await client.command(`RCPT TO:<bounces+${token}@bounces.mail.example.community>`),
    ).toMatch(/^550/);
    expect(await client.command(`RCPT TO:<bounces+${token}@${RETURN_PATH_HOST}>`)).toMatch(/^250/);
    // The sender domain's own return path: bounces.<its domain or the parent it is verified as>.
    expect(await client.command(`RCPT TO:<bounces+${token}@bounces.mail.example.com>`)).toMatch(
      /^250/,
    );
    expect(await client.command(`RCPT TO:<bounces+${token}@bounces.example.com>`)).toMatch(/^250/);
    client.close();
  });

  it('asks a report about a message still being sent to come again later, and refuses one about no message', async () => {
    const key = {
      ...tenant,
      trackingId: randomUUID(),
      channel: 'email' as const,
      address: 'heidi@example.net',
    };
    await db.query(
      `INSERT INTO delivery.delivery_attempts
         (tracking_id, channel, address_key, account_id, env_id, address, state)
       VALUES ($1, 'email', $2, $3, $4, $5, 'sending')`,
      [key.trackingId, addressKeyOf(key.address), tenant.accountId, tenant.envId, key.address],
    );
    const token = messageTokenOf(idempotencyKeyOf(key));
    const client = await transaction('127.0.0.1', 'MAIL FROM:<>');

    expect(await client.command(`RCPT TO:<bounces+${token}@${RETURN_PATH_HOST}>`)).toMatch(
      /^451 4\.3\.0 The message this is about is still being sent/,
    );
    const never = randomBytes(16).toString('hex');
    expect(await client.command(`RCPT TO:<bounces+${never}@${RETURN_PATH_HOST}>`)).toMatch(/^550/);
    // Once the attempt records the message it sent, the report is taken.
    await db.query(
      `UPDATE delivery.delivery_attempts SET state = 'sent', provider_message_id = $2
        WHERE tracking_id = $1`,
      [key.trackingId, `<${token}@${RETURN_PATH_HOST}>`],
    );
    expect(await client.command(`RCPT TO:<bounces+${token}@${RETURN_PATH_HOST}>`)).toMatch(/^250/);
    client.close();
  });

  it('takes mail for postmaster at its own domains (RFC 5321 section 4.5.1), and no other', async () => {
    const client = await transaction();
    expect(await client.command('RCPT TO:<postmaster@in.clarion.test>')).toMatch(/^250/);
    expect(await client.command(`RCPT TO:<Postmaster@${RETURN_PATH_HOST}>`)).toMatch(/^250/);
    expect(await client.command('RCPT TO:<postmaster@elsewhere.example>')).toMatch(/^550/);
    client.close();
    await expect(
      deliverMail(
        port,
        { from: 'ada@example.org', to: ['postmaster@in.clarion.test'] },
        messageOf('<postmaster-1@example.org>'),
      ),
    ).resolves.toMatch(/^250/);
  });

  // smtp-server refuses it before the listener sees it (unless lenientAddressParsing is set).
  it('refuses a sender whose domain is not a domain name (a trailing dot)', async () => {
    const client = await greeted();
    expect(await client.command('MAIL FROM:<ada@example.com.>')).toMatch(/^501 /);
    expect(await client.command('MAIL FROM:<ada@example.com>')).toMatch(/^250/);
    client.close();
  });

  it('greets without looking up the name of the client address', async () => {
    const reverse = jest.spyOn(dns, 'reverse');
    try {
      const { client, greeting } = await RawSmtpClient.open(port);
      expect(greeting).toMatch(/^220/);
      client.close();
      expect(reverse).not.toHaveBeenCalled();
    } finally {
      reverse.mockRestore();
    }
  });

  it('closes a connection that stays idle, long before a minute', async () => {
    const { client, greeting } = await RawSmtpClient.open(port);
    expect(greeting).toMatch(/^220/);
    await expect(client.reply()).resolves.toMatch(/^421 .*Timeout/);
    await client.closed;
  }, 50_000);

  it('takes connections from other addresses while one address holds as many idle ones as it can', async () => {
    const opened = await Promise.all(
      Array.from({ length: 201 }, () => RawSmtpClient.open(port, '127.0.0.1')),
    );
    try {
      const other = await RawSmtpClient.open(port, '127.0.0.2');
      expect(other.greeting).toMatch(/^220/);
      const greeted = opened.filter(({ greeting }) => greeting?.startsWith('220'));
      const refused = opened.filter(({ greeting }) => greeting?.startsWith('421'));
      expect(greeted.length).toBeLessThanOrEqual(MAX_CONNECTIONS_PER_CLIENT);
      expect(refused.length).toBeGreaterThanOrEqual(201 - MAX_CONNECTIONS_PER_CLIENT);
      expect(refused.some(({ greeting }) => greeting?.includes('from your address'))).toBe(true);
      other.client.close();
    } finally {
      for (const { client } of opened) client.close();
    }
  });

  it('answers 450 to an address past its messages per minute, and takes the others', async () => {
    const client = await transaction('127.0.0.3');
    for (let i = 1; i < MAX_MESSAGES_PER_CLIENT_PER_MINUTE; i++) {
      expect(await client.command('RSET')).toMatch(/^250/);
      expect(await client.command('MAIL FROM:<ada@example.org>')).toMatch(/^250/);
    }
    expect(await client.command('RSET')).toMatch(/^250/);
    expect(await client.command('MAIL FROM:<ada@example.org>')).toMatch(/^450 4\.7\.1/);
    client.close();
    const other = await transaction('127.0.0.4');
    other.close();
  });

  it('answers 452 while the bytes of messages being received are at the limit, and takes them again after', async () => {
    const first = await transaction('127.0.0.5');
    expect(await first.command('DATA')).toMatch(/^354/);
    await first.write(messageOf('<held-1@example.org>'));
    await first.write(`${'x'.repeat(998)}\r\n`.repeat(600));
    const second = await greeted('127.0.0.6');
    const declared = `MAIL FROM:<grace@example.org> SIZE=${MAX_BYTES / 2}`;
    await eventually(async () => {
      const reply = await second.command(declared);
      if (reply?.startsWith('250')) await second.command('RSET');
      return reply?.startsWith('452 4.3.1') ? true : undefined;
    });
    await first.write('.\r\n');
    expect(await first.reply()).toMatch(/^250/);
    first.close();
    expect(await second.command(declared)).toMatch(/^250/);
    second.close();
  });
});
