import { AccountResponseDto } from '@clarion/contracts';
import { shareSystemForSuite } from '@clarion/testing';
import { Secret, TOTP } from 'otpauth';
import { ApiClient } from './api-client';

type Json = Record<string, unknown>;
const PASSWORD = 'a long enough password';

describe('accounts, member sessions and account status', () => {
  const suite = shareSystemForSuite();
  let account: AccountResponseDto;

  beforeAll(async () => {
    account = suite.system.createAccount('Acme', 'owner@acme.sessions.test', {
      password: PASSWORD,
    });
  });

  const anonymous = () => new ApiClient(suite.system.baseUrl);
  const login = (body: Json) =>
    anonymous().call<Json & { error?: Json }>('POST', '/auth/login', body);

  it('signs a member in with email and password, and refuses a wrong password', async () => {
    const wrong = await login({ email: 'owner@acme.sessions.test', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.['code']).toBe('UNAUTHORIZED');

    const signedIn = await login({ email: 'Owner@Acme.sessions.test', password: PASSWORD });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({
      token: expect.stringMatching(/^clarion_st_/),
      expiresAt: expect.any(String),
    });
    expect(Date.parse(signedIn.body['expiresAt'] as string)).toBeGreaterThan(Date.now());
  });

  it('answers GET /account and GET /accounts for a member session and for an API key alike', async () => {
    const { body } = await login({ email: 'owner@acme.sessions.test', password: PASSWORD });
    const asMember = ApiClient.withApiKey(suite.system.baseUrl, body['token'] as string);
    const asKey = ApiClient.withApiKey(suite.system.baseUrl, account.apiKey);

    const details = await asMember.call<Json>('GET', '/account');
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({
      accountId: account.accountId,
      name: 'Acme',
      accountType: 'free',
      tier: 'budget_20',
      costCap: 20,
      status: 'verified',
      autoUpgrade: false,
      anniversaryDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect((await asKey.call('GET', '/account')).body).toEqual(details.body);

    const listed = await asMember.call<{ accounts: Json[] }>('GET', '/accounts');
    expect(listed.body.accounts).toEqual([
      expect.objectContaining({ accountId: account.accountId, status: 'verified', costCap: 20 }),
    ]);
  });

  it('locks a profile after five failed sign-ins, even for the right password, saying for how long', async () => {
    suite.system.createAccount('Locked Co', 'locked@example.sessions.test', { password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(
        (await login({ email: 'locked@example.sessions.test', password: 'wrong password' })).status,
      ).toBe(401);
    }
    const locked = await login({ email: 'locked@example.sessions.test', password: PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.body.error?.['code']).toBe('RATE_LIMITED');
    // Retry-After is the time left of the 15-minute lock, in seconds.
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('refuses sends of a blocked account at once with ACCOUNT_BLOCKED, and sends again once unblocked', async () => {
    const blocked = suite.system.createAccount('Blocked Co', 'owner@blocked.sessions.test');
    const api = ApiClient.withApiKey(suite.system.baseUrl, blocked.apiKey);
    const send = () =>
      api.call<{ error?: Json }>('POST', '/send', {
        type: 't',
        to: { id: 'u' },
        inapp: { title: 'x' },
      });
    expect((await send()).status).toBe(200);

    suite.system.admin([
      'account',
      'set-status',
      '--account',
      blocked.accountId,
      '--status',
      'blocked',
    ]);
    const refused = await send();
    expect(refused.status).toBe(403);
    expect(refused.body.error?.['code']).toBe('ACCOUNT_BLOCKED');
    expect((await api.call<Json>('GET', '/account')).body['status']).toBe('blocked');

    suite.system.admin([
      'account',
      'set-status',
      '--account',
      blocked.accountId,
      '--status',
      'verified',
    ]);
    expect((await send()).status).toBe(200);
  });

  it('sets up TOTP MFA, then requires a valid code to sign in, until MFA is turned off', async () => {
    suite.system.createAccount('Mfa Co', 'mfa@example.sessions.test', { password: PASSWORD });
    const signIn = (code?: string) =>
      login({ email: 'mfa@example.sessions.test', password: PASSWORD, ...(code && { code }) });
    const member = ApiClient.withApiKey(
      suite.system.baseUrl,
      (await signIn()).body['token'] as string,
    );

    expect((await member.call('GET', '/profile/mfa')).body).toEqual({
      enabled: false,
      available: true,
    });
    expect(
      (await ApiClient.withApiKey(suite.system.baseUrl, account.apiKey).call('GET', '/profile/mfa'))
        .status,
    ).toBe(403);

    const setup = await member.call<{ secretCode: string; qrCodeUri: string; session: string }>(
      'POST',
      '/profile/mfa',
      {
        type: 'SOFTWARE_TOKEN_MFA',
      },
    );
    expect(setup.body.qrCodeUri).toMatch(
      /^otpauth:\/\/totp\/Clarion:mfa%40example\.sessions\.test\?/,
    );
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.secretCode) });
    const current = totp.generate();
    const wrongCode = current === '000000' ? '111111' : '000000';

    const wrong = await member.call<{ error: Json }>('POST', '/profile/mfa/verify', {
      type: 'SOFTWARE_TOKEN_MFA',
      code: wrongCode,
      session: setup.body.session,
    });
    expect(wrong.body.error['code']).toBe('MFA_CODE_INVALID');
    expect((await member.call('GET', '/profile/mfa')).body).toMatchObject({ enabled: false });

    const verified = await member.call('POST', '/profile/mfa/verify', {
      type: 'SOFTWARE_TOKEN_MFA',
      code: current,
      session: setup.body.session,
    });
    expect(verified.body).toEqual({ success: true });
    expect((await member.call('GET', '/profile/mfa')).body).toEqual({
      enabled: true,
      preferredMfa: 'SOFTWARE_TOKEN_MFA',
      available: true,
    });

    const withoutCode = await signIn();
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.error?.['code']).toBe('MFA_REQUIRED');
    expect((await signIn(wrongCode)).body.error?.['code']).toBe('MFA_CODE_INVALID');
    expect((await signIn(totp.generate())).status).toBe(200);

    expect((await member.call('DELETE', '/profile/mfa/SOFTWARE_TOKEN_MFA')).body).toEqual({
      success: true,
    });
    expect((await signIn()).status).toBe(200);
  });
});
