import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { DnsPeer, eventually, runSystemForSuite, SmtpPeer } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;

interface DnsRecord {
  purpose: 'DKIM' | 'SPF' | 'RETURN_PATH';
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  status: string;
}

interface SenderDomain {
  sender: string;
  status: string;
  selector: string;
  mailFromDomainStatus?: string;
  verificationTokens?: string[];
  dnsRecords: DnsRecord[];
}

describe('sender domains: DKIM keys, DNS verification and signed mail, end to end', () => {
  const env: Record<string, string> = {};
  let smtp: SmtpPeer;
  let dns: DnsPeer;

  beforeAll(async () => {
    smtp = await SmtpPeer.start();
    dns = await DnsPeer.start();
    Object.assign(env, {
      SMTP_URL: smtp.url,
      DNS_SERVERS: dns.server,
      EMAIL_SPF_INCLUDE: '_spf.relay.test',
      EMAIL_RETURN_PATH_HOST: 'bounces.relay.test',
    });
  });
  const suite = runSystemForSuite(env);
  let api: ApiClient;
  let other: ApiClient;

  beforeAll(() => {
    const account = suite.system.createAccount('Senders', 'owner@senders.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const stranger = suite.system.createAccount('Strangers', 'owner@strangers.test');
    other = ApiClient.withApiKey(suite.system.baseUrl, stranger.apiKey);
  });

  afterAll(async () => {
    await smtp.close();
    await dns.close();
  });

  /** Sends an email from `fromAddress` and answers the message the relay received. */
  const sendFrom = async (fromAddress: string, to: string) => {
    const { body } = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'receipt',
      to: { id: to, email: `${to}@example.org` },
      forceChannels: ['EMAIL'],
      email: { subject: `Receipt for ${to}`, html: '<p>Thanks</p>' },
      options: { email: { fromAddress, fromName: 'Shop' } },
    });
    const received = await eventually(() =>
      smtp.received.find(({ envelope }) => envelope.to.includes(`${to}@example.org`)),
    );
    return { received, trackingId: body.trackingId };
  };
  const logOf = (trackingId: string) =>
    eventually(async () => {
      const log = (await api.call<{ logs: Json[] }>('GET', `/logs/${trackingId}`)).body.logs[0];
      return log?.['email_sent_at'] ? log : undefined;
    });

  it('refuses a full address or something that is not a domain, saying what to send', async () => {
    await expect(
      api.call('POST', '/domains', { sender: 'hello@shop.test' }),
    ).resolves.toMatchObject({
      status: 400,
      body: {
        error: { code: 'VALIDATION_FAILED', fix: 'Pass the domain only: shop.test.' },
      },
    });
    await expect(
      api.call('POST', '/domains', { sender: 'https://shop.test/path' }),
    ).resolves.toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
  });

  it('signs mail from the domain once its records are published and verified', async () => {
    const added = await api.call<SenderDomain[]>('POST', '/domains', { sender: 'Mail.Shop.test.' });
    expect(added.status).toBe(200);
    const [domain] = added.body;
    expect(domain).toMatchObject({
      sender: 'mail.shop.test',
      status: 'PENDING',
      selector: expect.stringMatching(/^clarion\d{8}$/),
    });
    expect(JSON.stringify(added.body)).not.toMatch(/PRIVATE KEY/);
    const records = domain!.dnsRecords;
    expect(records.map(({ purpose, type, name }) => [purpose, type, name])).toEqual([
      ['DKIM', 'TXT', `${domain!.selector}._domainkey.mail.shop.test`],
      ['SPF', 'TXT', 'mail.shop.test'],
      ['RETURN_PATH', 'MX', 'bounces.mail.shop.test'],
    ]);
    expect(records[1]?.value).toBe('v=spf1 include:_spf.relay.test ~all');
    expect(domain!.verificationTokens).toEqual([records[0]?.value]);

    // Not verified yet: the built-in sender, and the log says why.
    const before = await sendFrom('orders@mail.shop.test', 'early');
    expect(before.received.mail.from?.value[0]?.address).toBe('notifications@clarion.localhost');
    expect((await logOf(before.trackingId))['email_sent_from_fallback']).toMatch(
      /orders@mail\.shop\.test is not on a verified domain/,
    );

    // Nothing published: the look-up fails each record.
    const unpublished = await api.call<SenderDomain>(
      'POST',
      '/domains/mail.shop.test/verification',
    );
    expect(unpublished.body).toMatchObject({ status: 'FAILED', mailFromDomainStatus: 'FAILED' });

    for (const record of records) dns.publish(record.type, record.name, record.value);
    const verified = await api.call<SenderDomain>('POST', '/domains/mail.shop.test/verification');
    expect(verified.body).toMatchObject({ status: 'SUCCESS', mailFromDomainStatus: 'SUCCESS' });
    expect(verified.body.dnsRecords.map((record) => record.status)).toEqual([
      'SUCCESS',
      'SUCCESS',
      'SUCCESS',
    ]);

    const after = await sendFrom('orders@mail.shop.test', 'signed');
    expect(after.received.mail.from?.value[0]).toEqual({
      address: 'orders@mail.shop.test',
      name: 'Shop',
    });
    const dkim = await dkimVerify(after.received.raw, {
      resolver: (name: string) => Promise.resolve(dns.txt(name)),
    });
    expect(dkim.results.map((result) => [result.signingDomain, result.status.result])).toEqual([
      ['mail.shop.test', 'pass'],
    ]);
    expect((await logOf(after.trackingId))['email_sent_from_fallback']).toBeUndefined();
  });

  it('is the account’s own: another account neither sees nor removes it', async () => {
    await expect(other.call('GET', '/domains')).resolves.toEqual({ status: 200, body: [] });
    await expect(other.call('DELETE', '/domains/mail.shop.test')).resolves.toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND' } },
    });
    await expect(other.call('POST', '/domains/mail.shop.test/verification')).resolves.toMatchObject(
      { status: 404 },
    );
    const list = await api.call<SenderDomain[]>('GET', '/domains');
    expect(list.body.map((domain) => [domain.sender, domain.status])).toEqual([
      ['mail.shop.test', 'SUCCESS'],
    ]);
  });

  it('sends from the built-in sender again once the domain is removed', async () => {
    await expect(api.call('DELETE', '/domains/mail.shop.test')).resolves.toEqual({
      status: 200,
      body: { success: true },
    });
    const after = await sendFrom('orders@mail.shop.test', 'removed');
    expect(after.received.mail.from?.value[0]?.address).toBe('notifications@clarion.localhost');
    expect(after.received.mail.headers.has('dkim-signature')).toBe(false);
    await expect(api.call('GET', '/domains')).resolves.toEqual({ status: 200, body: [] });
  });
});
