import { createHmac } from 'node:crypto';
import { AccountResponseDto } from '@clarion/contracts';
import { eventually, shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
interface Environment {
  clientId: string;
  clientSecret: string;
  title: string;
  disableSending: string[];
  secureMode: boolean;
}

const basic = (a: string, b: string) => `Basic ${Buffer.from(`${a}:${b}`).toString('base64')}`;
const hmacOf = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(userId).digest('base64');

describe('environments and API keys', () => {
  const suite = shareSystemForSuite();
  let account: AccountResponseDto;
  let api: ApiClient;

  beforeAll(async () => {
    account = suite.system.createAccount('Acme', 'owner@acme.env-keys.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
  });

  async function newEnvironment(title: string): Promise<Environment> {
    const { status, body } = await api.call<Environment>('POST', '/environments', { title });
    expect(status).toBe(200);
    return body;
  }

  it('creates environments with their own credentials and lists them', async () => {
    const staging = await newEnvironment('Staging');
    expect(staging).toMatchObject({ title: 'Staging', secureMode: false, disableSending: [] });
    const { body } = await api.call<Environment[]>('GET', '/environments');
    expect(body.map((e) => e.title)).toEqual(['Default', 'Staging']);
    expect(new Set(body.map((e) => e.clientSecret)).size).toBe(2);
  });

  it('rotates the clientSecret so that the old one stops working at once', async () => {
    const env = await newEnvironment('Rotating');
    const withOld = new ApiClient(suite.system.baseUrl, basic(env.clientId, env.clientSecret));
    expect((await withOld.call('GET', '/users/someone')).status).toBe(200);
    const rotated = await api.call<Environment>('PATCH', `/environments/${env.clientId}`, {
      resetSecret: true,
      title: 'Rotated',
    });
    expect(rotated.body.title).toBe('Rotated');
    expect(rotated.body.clientSecret).not.toBe(env.clientSecret);
    expect((await withOld.call('GET', '/users/someone')).status).toBe(401);
    const withNew = new ApiClient(
      suite.system.baseUrl,
      basic(env.clientId, rotated.body.clientSecret),
    );
    expect((await withNew.call('GET', '/users/someone')).status).toBe(200);
  });

  it('requires a valid hmac from end users once secureMode is on', async () => {
    const [env] = (await api.call<Environment[]>('GET', '/environments')).body;
    const asAda = (hmac: string) =>
      ApiClient.asEndUser(suite.system.baseUrl, env!.clientId, 'ada', hmac).call(
        'GET',
        '/user/inapp',
      );
    expect((await asAda('')).status).toBe(200);
    await api.call('PATCH', `/environments/${env!.clientId}`, { secureMode: true });
    expect((await asAda('')).status).toBe(401);
    expect((await asAda(hmacOf(env!.clientSecret, 'someone-else'))).status).toBe(401);
    expect((await asAda(hmacOf(env!.clientSecret, 'ada'))).status).toBe(200);
    await api.call('PATCH', `/environments/${env!.clientId}`, { secureMode: false });
  });

  it('skips channels the environment disables and logs IGNORE_BY_ENVIRONMENT', async () => {
    const [env] = (await api.call<Environment[]>('GET', '/environments')).body;
    await api.call('PATCH', `/environments/${env!.clientId}`, { disableSending: ['INAPP_WEB'] });
    const sent = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'muted',
      to: { id: 'quiet-user' },
      inapp: { title: 'not shown' },
    });
    const log = await eventually(async () => {
      const { body } = await api.call<{ logs: Json[] }>('GET', `/logs/${sent.body.trackingId}`);
      return body.logs[0]?.['processed_at'] ? body.logs[0] : undefined;
    });
    expect(log).toMatchObject({
      inapp_routing: 'IGNORE',
      inapp_routing_reason: 'IGNORE_BY_ENVIRONMENT',
      ignored: 'ALL_CHANNELS_IGNORED',
    });
    const inbox = await ApiClient.asEndUser(
      suite.system.baseUrl,
      env!.clientId,
      'quiet-user',
    ).call<{
      notifications: Json[];
    }>('GET', '/user/inapp');
    expect(inbox.body.notifications).toEqual([]);
    await api.call('PATCH', `/environments/${env!.clientId}`, { disableSending: [] });
  });

  it('shows a new key once, lists keys masked, and a revoked key answers 401 at once', async () => {
    const created = await api.call<{ id: string; key: string; keyType: string; name: string }>(
      'POST',
      '/keys',
      { keyType: 'secret', name: 'CI' },
    );
    expect(created.status).toBe(200);
    expect(created.body.key).toMatch(/^clarion_sk_us_[0-9A-Za-z]{40}$/);
    const withNewKey = ApiClient.withApiKey(suite.system.baseUrl, created.body.key);
    expect((await withNewKey.call('GET', '/environments')).status).toBe(200);

    const listed = await api.call<{ keys: Json[] }>('GET', '/keys');
    const entry = listed.body.keys.find((k) => k['id'] === created.body.id);
    expect(entry).toMatchObject({
      name: 'CI',
      keyType: 'secret',
      revoked: false,
      accountId: account.accountId,
    });
    expect(entry!['key']).toBe(`clarion_sk_…${created.body.key.slice(-4)}`);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.key);

    expect((await api.call('DELETE', `/keys/${created.body.id}`)).body).toEqual({
      success: true,
      message: 'The API key CI was revoked',
    });
    const afterRevoke = await withNewKey.call<{ error: Json }>('GET', '/environments');
    expect(afterRevoke.status).toBe(401);
    expect(afterRevoke.body.error['code']).toBe('UNAUTHORIZED');
  });

  it('refuses a public key on server operations with 403', async () => {
    const created = await api.call<{ key: string }>('POST', '/keys', {
      keyType: 'public',
      name: 'browser',
    });
    expect(created.body.key).toMatch(/^clarion_pk_/);
    const response = await ApiClient.withApiKey(suite.system.baseUrl, created.body.key).call<{
      error: Json;
    }>('POST', '/send', { type: 't', to: { id: 'u' } });
    expect(response.status).toBe(403);
    expect(response.body.error['code']).toBe('FORBIDDEN');
  });

  it('never lets another account see or change these environments and keys', async () => {
    const other = suite.system.createAccount('Globex', 'owner@globex.env-keys.test');
    const otherApi = ApiClient.withApiKey(suite.system.baseUrl, other.apiKey);
    const [acmeEnv] = (await api.call<Environment[]>('GET', '/environments')).body;
    const acmeKey = (await api.call<{ keys: { id: string }[] }>('GET', '/keys')).body.keys[0]!;

    expect(
      (await otherApi.call('PATCH', `/environments/${acmeEnv!.clientId}`, { title: 'hijacked' }))
        .status,
    ).toBe(404);
    expect((await otherApi.call('DELETE', `/keys/${acmeKey.id}`)).status).toBe(404);
    expect(
      (
        await otherApi.call('POST', '/keys', {
          keyType: 'secret',
          name: 'x',
          environmentId: acmeEnv!.clientId,
        })
      ).status,
    ).toBe(404);
    const otherKeys = (await otherApi.call<{ keys: { id: string }[] }>('GET', '/keys')).body.keys;
    expect(otherKeys.map((k) => k.id)).not.toContain(acmeKey.id);
    const otherEnvs = (await otherApi.call<Environment[]>('GET', '/environments')).body;
    expect(otherEnvs.map((e) => e.clientId)).not.toContain(acmeEnv!.clientId);

    const [unchanged] = (await api.call<Environment[]>('GET', '/environments')).body;
    expect(unchanged!.title).toBe(acmeEnv!.title);
    expect((await api.call('GET', '/environments')).status).toBe(200);
  });
});
