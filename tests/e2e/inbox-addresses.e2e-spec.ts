import { DnsPeer, runSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

interface InboxAddress {
  fullAddress: string;
  prefix: string;
  domain: string;
  type: 'builtin' | 'custom';
  displayName?: string;
  createdAt: string;
}

interface SenderDomain {
  dnsRecords: { type: 'TXT' | 'MX'; name: string; value: string }[];
}

const INBOUND_DOMAIN = 'inbox.e2e.test';

describe('inbox addresses: built-in and custom, per environment, end to end', () => {
  const env: Record<string, string> = { EMAIL_INBOUND_DOMAIN: INBOUND_DOMAIN };
  let dns: DnsPeer;

  beforeAll(async () => {
    dns = await DnsPeer.start();
    env['DNS_SERVERS'] = dns.server;
  });
  const suite = runSystemForSuite(env);
  let api: ApiClient;
  let staging: ApiClient;
  let stranger: ApiClient;

  beforeAll(async () => {
    const account = suite.system.createAccount('Helpdesk', 'owner@helpdesk.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const other = suite.system.createAccount('Strangers', 'owner@strangers.test');
    stranger = ApiClient.withApiKey(suite.system.baseUrl, other.apiKey);
    const created = await api.call<{ clientId: string }>('POST', '/environments', {
      title: 'Staging',
    });
    const key = await api.call<{ key: string }>('POST', '/keys', {
      keyType: 'secret',
      name: 'staging',
      environmentId: created.body.clientId,
    });
    staging = ApiClient.withApiKey(suite.system.baseUrl, key.body.key);
  });

  afterAll(() => dns.close());

  const errorOf = (status: number, code: string, fix?: RegExp) => ({
    status,
    body: {
      error: expect.objectContaining({ code, ...(fix && { fix: expect.stringMatching(fix) }) }),
    },
  });

  it('creates the built-in address on the inbound domain, once per environment', async () => {
    const created = await api.call<{ address: InboxAddress }>('POST', '/addresses', {
      prefix: 'Support',
      displayName: 'Support desk',
    });
    expect(created).toEqual({
      status: 201,
      body: {
        address: {
          fullAddress: `support@${INBOUND_DOMAIN}`,
          prefix: 'support',
          domain: INBOUND_DOMAIN,
          type: 'builtin',
          displayName: 'Support desk',
          createdAt: expect.any(String),
        },
      },
    });

    await expect(api.call('POST', '/addresses', { prefix: 'sales' })).resolves.toMatchObject(
      errorOf(409, 'CONFLICT', /PATCH \/addresses.*support@inbox\.e2e\.test/),
    );
  });

  it('refuses reserved and malformed prefixes, and a taken address without saying whose', async () => {
    for (const prefix of ['bounces', 'bounces+abc', 'postmaster', 'Abuse', 'mailer-daemon']) {
      await expect(api.call('POST', '/addresses', { prefix })).resolves.toMatchObject(
        errorOf(400, 'VALIDATION_FAILED', /Choose another prefix/),
      );
    }
    for (const prefix of ['.dot', 'dot.', 'a..b', 'a b', 'x'.repeat(65), '']) {
      await expect(api.call('POST', '/addresses', { prefix })).resolves.toMatchObject({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED' } },
      });
    }
    await expect(api.call('POST', '/addresses', { prefix: 'a', extra: 1 })).resolves.toMatchObject({
      status: 400,
    });

    const taken = await staging.call<{ error: { message: string } }>('POST', '/addresses', {
      prefix: 'SUPPORT',
    });
    expect(taken).toMatchObject(errorOf(409, 'CONFLICT', /Choose another prefix/));
    expect(JSON.stringify(taken.body)).not.toMatch(/helpdesk|environment/i);
    await expect(stranger.call('POST', '/addresses', { prefix: 'support' })).resolves.toMatchObject(
      { status: 409 },
    );
  });

  it('creates custom addresses only on a verified sender domain of the account, or a subdomain', async () => {
    await expect(
      api.call('POST', '/addresses', { prefix: 'orders', domain: 'shop.test' }),
    ).resolves.toMatchObject(errorOf(400, 'VALIDATION_FAILED', /POST \/domains.*verif/));
    await expect(
      api.call('POST', '/addresses', { prefix: 'orders', domain: 'orders@shop.test' }),
    ).resolves.toMatchObject(errorOf(400, 'VALIDATION_FAILED'));

    const added = await api.call<SenderDomain[]>('POST', '/domains', { sender: 'shop.test' });
    // Added but not verified yet: still refused.
    await expect(
      api.call('POST', '/addresses', { prefix: 'orders', domain: 'shop.test' }),
    ).resolves.toMatchObject(errorOf(400, 'VALIDATION_FAILED', /POST \/domains/));
    for (const record of added.body[0]!.dnsRecords)
      dns.publish(record.type, record.name, record.value);
    await expect(api.call('POST', '/domains/shop.test/verification')).resolves.toMatchObject({
      status: 200,
      body: { status: 'SUCCESS' },
    });

    const custom = await api.call<{ address: InboxAddress }>('POST', '/addresses', {
      prefix: 'Orders',
      domain: 'Shop.Test',
      displayName: 'Orders',
    });
    expect(custom).toMatchObject({
      status: 201,
      body: {
        address: { fullAddress: 'orders@shop.test', domain: 'shop.test', type: 'custom' },
      },
    });
    await expect(
      api.call('POST', '/addresses', { prefix: 'help', domain: 'eu.shop.test' }),
    ).resolves.toMatchObject({
      status: 201,
      body: { address: { fullAddress: 'help@eu.shop.test' } },
    });
    // Custom addresses are not limited to one; the same address twice is.
    await expect(
      api.call('POST', '/addresses', { prefix: 'orders', domain: 'shop.test' }),
    ).resolves.toMatchObject(errorOf(409, 'CONFLICT'));
    // Another account cannot use the domain the first one verified.
    await expect(
      stranger.call('POST', '/addresses', { prefix: 'sales', domain: 'shop.test' }),
    ).resolves.toMatchObject(errorOf(400, 'VALIDATION_FAILED', /POST \/domains/));
  });

  it('lists the environment’s addresses only', async () => {
    const listed = await api.call<{ addresses: InboxAddress[] }>('GET', '/addresses');
    expect(listed.status).toBe(200);
    expect(listed.body.addresses.map((address) => [address.fullAddress, address.type])).toEqual([
      [`support@${INBOUND_DOMAIN}`, 'builtin'],
      ['orders@shop.test', 'custom'],
      ['help@eu.shop.test', 'custom'],
    ]);
    await expect(staging.call('GET', '/addresses')).resolves.toEqual({
      status: 200,
      body: { addresses: [] },
    });
    await expect(stranger.call('GET', '/addresses')).resolves.toEqual({
      status: 200,
      body: { addresses: [] },
    });
  });

  it('renames and relabels an address that fullAddress selects', async () => {
    const renamed = await api.call<{ address: InboxAddress }>('PATCH', '/addresses', {
      fullAddress: `Support@${INBOUND_DOMAIN}`,
      prefix: 'help.desk',
    });
    expect(renamed).toEqual({
      status: 200,
      body: {
        address: expect.objectContaining({
          fullAddress: `help.desk@${INBOUND_DOMAIN}`,
          prefix: 'help.desk',
          type: 'builtin',
          displayName: 'Support desk',
        }),
      },
    });
    const relabelled = await api.call<{ address: InboxAddress }>('PATCH', '/addresses', {
      fullAddress: 'orders@shop.test',
      displayName: 'Order desk',
    });
    expect(relabelled.body.address).toMatchObject({
      fullAddress: 'orders@shop.test',
      displayName: 'Order desk',
    });
    const cleared = await api.call<{ address: InboxAddress }>('PATCH', '/addresses', {
      fullAddress: 'orders@shop.test',
      displayName: '',
    });
    expect(cleared.body.address).not.toHaveProperty('displayName');
  });

  it('answers 404 for an unknown address and 409 for a rename onto a taken one', async () => {
    await expect(
      api.call('PATCH', '/addresses', { fullAddress: 'nobody@shop.test', prefix: 'x' }),
    ).resolves.toMatchObject(errorOf(404, 'NOT_FOUND', /GET \/addresses/));
    await expect(
      api.call('PATCH', '/addresses', { fullAddress: 'help@eu.shop.test', prefix: 'bounces' }),
    ).resolves.toMatchObject(errorOf(400, 'VALIDATION_FAILED'));
    await api.call('POST', '/addresses', { prefix: 'sales', domain: 'eu.shop.test' });
    await expect(
      api.call('PATCH', '/addresses', { fullAddress: 'help@eu.shop.test', prefix: 'sales' }),
    ).resolves.toMatchObject(errorOf(409, 'CONFLICT'));
  });

  it('keeps another environment’s and another account’s hands off', async () => {
    for (const client of [staging, stranger]) {
      await expect(
        client.call('PATCH', '/addresses', {
          fullAddress: 'orders@shop.test',
          displayName: 'Mine',
        }),
      ).resolves.toMatchObject(errorOf(404, 'NOT_FOUND'));
      await expect(
        client.call('DELETE', `/addresses/${encodeURIComponent('orders@shop.test')}`),
      ).resolves.toMatchObject(errorOf(404, 'NOT_FOUND'));
    }
    const listed = await api.call<{ addresses: InboxAddress[] }>('GET', '/addresses');
    expect(listed.body.addresses.find((a) => a.fullAddress === 'orders@shop.test')).toBeDefined();
  });

  it('deletes a custom address but not the built-in one', async () => {
    await expect(
      api.call('DELETE', `/addresses/${encodeURIComponent(`help.desk@${INBOUND_DOMAIN}`)}`),
    ).resolves.toMatchObject(errorOf(409, 'CONFLICT', /PATCH \/addresses/));
    await expect(
      api.call('DELETE', `/addresses/${encodeURIComponent('Orders@Shop.test')}`),
    ).resolves.toEqual({ status: 200, body: { success: true } });
    await expect(
      api.call('DELETE', `/addresses/${encodeURIComponent('orders@shop.test')}`),
    ).resolves.toMatchObject(errorOf(404, 'NOT_FOUND'));
    const listed = await api.call<{ addresses: InboxAddress[] }>('GET', '/addresses');
    expect(listed.body.addresses.map((address) => address.fullAddress)).toEqual([
      `help.desk@${INBOUND_DOMAIN}`,
      'help@eu.shop.test',
      'sales@eu.shop.test',
    ]);
  });
});
