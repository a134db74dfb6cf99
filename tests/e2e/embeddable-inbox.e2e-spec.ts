import { createHmac } from 'node:crypto';
import { shareSystemForSuite } from '@clarion/testing';
import { ApiClient } from './api-client';

type Metadata = {
  userAccountMetadata: {
    logo: string;
    environmentVapidPublicKey: string;
    hasWebPushEnabled: boolean;
  };
};

/** The gateway's side of the embeddable inbox: its files, its demo page, its web push metadata. */
describe('the embeddable inbox, served by the gateway', () => {
  const suite = shareSystemForSuite();
  let api: ApiClient;
  let ada: ApiClient;
  let clientId: string;
  let clientSecret: string;

  beforeAll(async () => {
    const account = suite.system.createAccount('Acme', 'owner@acme.embeddable.test');
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const [environment] = (
      await api.call<{ clientId: string; clientSecret: string }[]>('GET', '/environments')
    ).body;
    ({ clientId, clientSecret } = environment!);
    ada = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'ada');
  });

  it("answers the environment's web push metadata to its API key and to its end users", async () => {
    const byKey = await api.call<Metadata>('GET', '/users/account-metadata');
    expect(byKey.body.userAccountMetadata).toEqual({
      logo: '',
      environmentVapidPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{80,}$/),
      hasWebPushEnabled: true,
    });
    const byEndUser = await ada.call<Metadata>('GET', '/users/account-metadata');
    expect(byEndUser.body).toEqual(byKey.body);
    const stranger = ApiClient.asEndUser(suite.system.baseUrl, 'no-such-client', 'ada');
    expect((await stranger.call('GET', '/users/account-metadata')).status).toBe(401);
  });

  it('answers the logo and web push switch an environment update sets', async () => {
    const logo = 'https://cdn.acme.test/logo.png';
    const updated = await api.call('PATCH', `/environments/${clientId}`, {
      logo,
      hasWebPushEnabled: false,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ logo, hasWebPushEnabled: false });
    const listed = await api.call<Record<string, unknown>[]>('GET', '/environments');
    expect(listed.body[0]).toMatchObject({ logo, hasWebPushEnabled: false });
    for (const caller of [api, ada]) {
      const metadata = await caller.call<Metadata>('GET', '/users/account-metadata');
      expect(metadata.body.userAccountMetadata).toMatchObject({ logo, hasWebPushEnabled: false });
    }

    for (const bad of [{ logo: 'http://cdn.acme.test/logo.png' }, { hasWebPushEnabled: 'no' }]) {
      const refused = await api.call('PATCH', `/environments/${clientId}`, bad);
      expect(refused.status).toBe(400);
    }
    await api.call('PATCH', `/environments/${clientId}`, { logo: '', hasWebPushEnabled: true });
    const cleared = await ada.call<Metadata>('GET', '/users/account-metadata');
    expect(cleared.body.userAccountMetadata).toMatchObject({ logo: '', hasWebPushEnabled: true });
  });

  it("asks end users for the hmac once the environment's secureMode is on", async () => {
    await api.call('PATCH', `/environments/${clientId}`, { secureMode: true });
    expect((await ada.call('GET', '/users/account-metadata')).status).toBe(401);
    const hmac = createHmac('sha256', clientSecret).update('ada').digest('base64');
    const verified = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'ada', hmac);
    expect((await verified.call('GET', '/users/account-metadata')).status).toBe(200);
    await api.call('PATCH', `/environments/${clientId}`, { secureMode: false });
  });

  it('serves the bundles, and the service worker for the whole origin', async () => {
    const script = await fetch(`${suite.system.baseUrl}/inbox/clarion-inbox.iife.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await script.text()).toContain('clarion-inbox');
    const worker = await fetch(`${suite.system.baseUrl}/inbox/clarion-sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const missing = await fetch(`${suite.system.baseUrl}/inbox/nothing-here.js`);
    expect(missing.status).toBe(404);
  });

  it("lets any site's pages call the end user's operations, and only those", async () => {
    const origin = { origin: 'https://shop.example.test' };
    const preflight = await fetch(`${suite.system.baseUrl}/user/inapp`, {
      method: 'OPTIONS',
      headers: { ...origin, 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const inbox = await ada.call('GET', '/user/inapp', undefined, undefined, origin);
    expect(inbox.status).toBe(200);
    expect(inbox.headers.get('access-control-allow-origin')).toBe('*');
    const token = await ada.call<{ token: string }>('POST', '/user/inapp/stream-token');
    const controller = new AbortController();
    const stream = await fetch(
      `${suite.system.baseUrl}/user/inapp/stream?token=${encodeURIComponent(token.body.token)}`,
      { headers: origin, signal: controller.signal },
    );
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    controller.abort();
    const apiOnly = await api.call('GET', '/environments', undefined, undefined, origin);
    expect(apiOnly.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('shows the demo page for the user its query names, escaping what it echoes', async () => {
    const query = new URLSearchParams({ clientId, userId: '"><script>alert(1)</script>' });
    const page = await fetch(`${suite.system.baseUrl}/demo/inbox?${query.toString()}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<script src="/inbox/clarion-inbox.iife.js"></script>');
    expect(html).toContain(`client-id="${clientId}"`);
    expect(html).toContain('user-id="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).not.toContain('<script>alert(1)');
    const form = await (await fetch(`${suite.system.baseUrl}/demo/inbox`)).text();
    expect(form).toContain('<form method="get">');
  });
});
