import { freePort } from '@clarion/testing';
import { GoogleAccessTokens, GoogleTokenExchangeError } from './google-access-tokens';
import { GoogleOAuthPeer, startGoogleOAuthPeer } from './test-peers/google-oauth-peer';
import { serviceAccountOf } from './test-peers/mobile-push-fixtures';

describe(GoogleAccessTokens.name, () => {
  const { credentials, publicKey } = serviceAccountOf();
  let tokenEndpoint: GoogleOAuthPeer;
  let nowMs: number;
  let sut: GoogleAccessTokens;

  beforeEach(async () => {
    tokenEndpoint = await startGoogleOAuthPeer(
      { clientEmail: credentials.clientEmail, publicKey },
      120,
    );
    nowMs = Date.now();
    sut = new GoogleAccessTokens(tokenEndpoint.tokenUrl, 5_000, () => nowMs);
  });

  afterEach(() => tokenEndpoint.close());

  it('exchanges a signed service-account assertion for an access token', async () => {
    const accessToken = await sut.accessTokenFor(credentials);

    expect(tokenEndpoint.refusals).toEqual([]);
    expect(tokenEndpoint.isGranted(accessToken)).toBe(true);
  });

  it('reuses the access token until 60 s before it expires', async () => {
    const first = await sut.accessTokenFor(credentials);
    nowMs += 59_999; // expires_in is 120 s
    expect(await sut.accessTokenFor(credentials)).toBe(first);
    expect(tokenEndpoint.exchanges).toBe(1);

    nowMs += 1;
    expect(await sut.accessTokenFor(credentials)).not.toBe(first);
    expect(tokenEndpoint.exchanges).toBe(2);
    expect(tokenEndpoint.refusals).toEqual([]);
  });

  it('lets concurrent callers share one exchange', async () => {
    const accessTokens = await Promise.all(
      Array.from({ length: 5 }, () => sut.accessTokenFor(credentials)),
    );

    expect(new Set(accessTokens).size).toBe(1);
    expect(tokenEndpoint.exchanges).toBe(1);
  });

  it('exchanges again after the token is invalidated, but keeps a newer one', async () => {
    const first = await sut.accessTokenFor(credentials);
    sut.invalidate(credentials.clientEmail, first);
    const second = await sut.accessTokenFor(credentials);
    sut.invalidate(credentials.clientEmail, first);

    expect(second).not.toBe(first);
    expect(await sut.accessTokenFor(credentials)).toBe(second);
    expect(tokenEndpoint.exchanges).toBe(2);
  });

  it('is refused a token for an assertion signed with another key', async () => {
    const impostor = { ...credentials, privateKey: serviceAccountOf().credentials.privateKey };

    await expect(sut.accessTokenFor(impostor)).rejects.toMatchObject({ retryable: false });
    expect(tokenEndpoint.refusals).toEqual(['assertion: signature does not verify']);
  });

  it('reports a refused grant as not retryable', async () => {
    tokenEndpoint.answerNextWith(400, { error: 'invalid_grant', error_description: 'bad key' });

    const failure = await sut.accessTokenFor(credentials).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(GoogleTokenExchangeError);
    expect(failure).toMatchObject({
      retryable: false,
      message: expect.stringContaining('bad key'),
    });
  });

  it('reports an unavailable endpoint as retryable with its Retry-After', async () => {
    tokenEndpoint.answerNextWith(503, { error: 'unavailable' }, { 'retry-after': '7' });

    await expect(sut.accessTokenFor(credentials)).rejects.toMatchObject({
      retryable: true,
      retryAfterMs: 7000,
    });
    expect(await sut.accessTokenFor(credentials)).toMatch(/^ya29\./);
  });

  it('reports an unreachable endpoint as retryable', async () => {
    const unreachable = `http://127.0.0.1:${await freePort()}/token`;
    sut = new GoogleAccessTokens(unreachable, 5_000);

    await expect(sut.accessTokenFor(credentials)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
