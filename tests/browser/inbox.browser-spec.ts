import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AccountResponseDto } from '@clarion/contracts';
import { ensureChromium, eventually, shareSystemForSuite } from '@clarion/testing';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { ApiClient } from '../e2e/api-client';

type Json = Record<string, unknown>;
/**
 * Where the screenshots go: the run's own data folder, so a test run never changes the checkout;
 * `CLARION_SCREENSHOTS_DIR=docs/screenshots` refreshes the docs' copies.
 */
const SCREENSHOTS =
  process.env['CLARION_SCREENSHOTS_DIR'] ?? join(__dirname, '../../.data/screenshots');

/**
 * The embeddable inbox in a real browser: the demo page the gateway serves, against the whole
 * running system, in Debian's chromium driven by playwright-core.
 */
describe('the embeddable inbox in a browser', () => {
  const suite = shareSystemForSuite();
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let api: ApiClient;
  let ada: ApiClient;
  let clientId: string;
  let hmac: string;
  const sent: string[] = [];
  /** What chromium reports the page's Content-Security-Policy refused. */
  const policyViolations: string[] = [];

  const send = async (body: Json): Promise<string> => {
    const answer = await api.call<{ trackingId: string }>('POST', '/send', {
      type: 'orders',
      to: { id: 'ada' },
      ...body,
    });
    expect(answer.status).toBe(200);
    sent.push(answer.body.trackingId);
    return answer.body.trackingId;
  };
  const demoUrl = (theme: string) =>
    `${suite.system.baseUrl}/demo/inbox?clientId=${clientId}&userId=ada&hmac=${encodeURIComponent(hmac)}&theme=${theme}`;
  const badge = () => page.locator('clarion-inbox .badge');

  beforeAll(async () => {
    const executablePath = ensureChromium();
    const account: AccountResponseDto = suite.system.createAccount(
      'Acme',
      'owner@acme.browser.test',
    );
    api = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);
    const [environment] = (
      await api.call<{ clientId: string; clientSecret: string }[]>('GET', '/environments')
    ).body;
    clientId = environment!.clientId;
    hmac = createHmac('sha256', environment!.clientSecret).update('ada').digest('base64');
    ada = ApiClient.asEndUser(suite.system.baseUrl, clientId, 'ada', hmac);
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    context = await browser.newContext({ viewport: { width: 960, height: 640 } });
    await context.grantPermissions(['notifications'], { origin: suite.system.baseUrl });
    page = await context.newPage();
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyViolations.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('shows a notification sent through the API at once, without a reload, with its badge', async () => {
    const answer = await page.goto(demoUrl('light'));
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('clarion-inbox .status.live').waitFor({ timeout: 15_000 });
    await page.evaluate("window.samePage = 'yes'");
    expect(await badge().isHidden()).toBe(true);

    await send({ inapp: { title: 'Your order #1042 has shipped' } });

    await page.locator('clarion-inbox .entry .title', { hasText: '#1042' }).waitFor();
    // The count follows the entry: the gateway asks notifications for it once the entry is out.
    await badge().filter({ hasText: /^1$/ }).waitFor();
    await expect(badge().textContent()).resolves.toBe('1');
    expect(await page.evaluate('window.samePage')).toBe('yes');
  });

  it('marks it read from the list, and the count drops here and in the API', async () => {
    await page.locator('clarion-inbox [data-action="read"]').click();
    await badge().waitFor({ state: 'hidden' });
    // The badge drops at once; the API calls that record the read are still on their way.
    await eventually(async () => {
      const unread = await ada.call<{ count: number }>('GET', '/user/inapp/unread');
      return unread.body.count === 0 ? true : undefined;
    });
    const entry = await eventually(async () => {
      const [first] = (await ada.call<{ notifications: Json[] }>('GET', '/user/inapp')).body
        .notifications;
      return first?.['opened'] ? first : undefined;
    });
    expect(entry).toMatchObject({ id: sent[0], seen: true, opened: expect.any(String) });
  });

  it("records an entry's action and a reply", async () => {
    const id = await send({
      inapp: { title: 'Rate your delivery' },
      parameters: { actions: ['Rate now', 'Later'] },
    });
    await page.locator('clarion-inbox button', { hasText: 'Rate now' }).click();
    await page.locator(`clarion-inbox [data-entry="${id}"] [data-action="reply"]`).click();
    await page.locator('clarion-inbox input[name="reply"]').fill('Five stars');
    await page.locator('clarion-inbox .reply-form button').click();
    const entry = await eventually(async () => {
      const list = (await ada.call<{ notifications: Json[] }>('GET', '/user/inapp')).body;
      const found = list.notifications.find((n) => n['id'] === id);
      return found?.['actioned1'] && (found['replies'] as Json[]).length > 0 ? found : undefined;
    });
    expect(entry['replies']).toEqual([{ date: expect.any(String), message: 'Five stars' }]);
  });

  it('turns a preference off in the panel, as the API then shows', async () => {
    await page.locator('clarion-inbox [data-action="preferences"]').click();
    const inapp = page.getByRole('checkbox', { name: 'orders In-app' });
    await inapp.waitFor();
    expect(await inapp.isChecked()).toBe(true);
    await inapp.uncheck();
    const preferences = await eventually(async () => {
      const answer = await api.call<{ preferences: Json[] }>('GET', '/users/ada/preferences');
      return answer.body.preferences.length > 0 ? answer.body.preferences : undefined;
    });
    expect(preferences).toEqual([
      expect.objectContaining({ notificationId: 'orders', channel: 'INAPP_WEB', delivery: 'off' }),
    ]);
    await page.locator('clarion-inbox [data-action="preferences"]').click();
  });

  it('registers a web push subscription and its service worker shows a push it receives', async () => {
    // Headless chromium cannot subscribe offline (no push service): the subscription the
    // opt-in would save is saved through the same end-user route, and the push is delivered
    // to the service worker through the DevTools protocol.
    const metadata = await ada.call<{ userAccountMetadata: Json }>(
      'GET',
      '/users/account-metadata',
    );
    expect(metadata.body.userAccountMetadata).toMatchObject({
      environmentVapidPublicKey: expect.any(String),
      hasWebPushEnabled: true,
    });
    const subscription = {
      endpoint: 'https://push.example.test/send/abc',
      keys: {
        p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    const registered = await ada.call('POST', `/${clientId}/users/ada`, {
      webPushTokens: [{ sub: subscription }],
    });
    expect(registered.status).toBe(200);
    const user = await api.call<{ webPushTokens: Json[] }>('GET', '/users/ada');
    expect(user.body.webPushTokens).toEqual([{ sub: subscription }]);

    const cdp = await context.newCDPSession(page);
    const scopes = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) =>
      registrations.forEach((r) => scopes.set(r.scopeURL, r.registrationId)),
    );
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(
      "ClarionInbox.registerClarionServiceWorker({ serviceWorkerUrl: '/inbox/clarion-sw.js' }).then(() => true)",
    );
    const registrationId = await eventually(() => scopes.get(`${suite.system.baseUrl}/`));
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: suite.system.baseUrl,
      registrationId,
      data: JSON.stringify({ title: 'Flash sale', message: 'Ends tonight', trackingId: 'p-1' }),
    });

    await page.locator('#push-log li', { hasText: 'Flash sale: Ends tonight' }).waitFor();
    const shown = await eventually(async () => {
      const titles = await page.evaluate<string[]>(
        'navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) => ns.map((n) => n.title))',
      );
      return titles.length > 0 ? titles : undefined;
    });
    expect(shown).toEqual(['Flash sale']);
  });

  it('looks right in light and dark (the screenshots of the docs)', async () => {
    // Another type: the preference just turned off keeps `orders` out of the inbox.
    await send({ type: 'welcome', inapp: { title: 'Welcome to Acme, Ada!' } });
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const theme of ['light', 'dark']) {
      await page.goto(demoUrl(theme));
      await page.locator('clarion-inbox .entry .title', { hasText: 'Welcome' }).waitFor();
      await page.locator('clarion-inbox .status.live').waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, `inbox-${theme}.png`) });
    }
    const background = await page.evaluate<string>(
      "getComputedStyle(document.querySelector('clarion-inbox').shadowRoot.querySelector('.panel')).backgroundColor",
    );
    expect(background).toBe('rgb(17, 24, 39)');
  });

  it("did all of the above within the demo page's Content-Security-Policy", () => {
    expect(policyViolations).toEqual([]);
  });
});
