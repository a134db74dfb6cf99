import { generateKeyPairSync } from 'node:crypto';
import { APNS_PROVIDER_TOKEN_LIFETIME_MS, ApnsProviderTokens } from './apns-provider-tokens';
import { ApnCredentials } from './push-credentials';
import { verifiedJwt } from './test-peers/verified-jwt';

describe(ApnsProviderTokens.name, () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const credentials: ApnCredentials = {
    teamId: 'TEAM123456',
    keyId: 'KEY1234567',
    privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    bundleId: 'com.example.app',
  };
  let nowMs: number;
  let sut: ApnsProviderTokens;

  beforeEach(() => {
    nowMs = Date.parse('2026-01-01T00:00:00Z');
    sut = new ApnsProviderTokens(() => nowMs);
  });

  it('signs an ES256 JWT with the key id in its header and the team and time in its claims', () => {
    const { header, claims } = verifiedJwt(sut.providerTokenFor(credentials), 'ES256', publicKey);

    expect(header).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    expect(claims).toEqual({ iss: 'TEAM123456', iat: nowMs / 1000 });
  });

  it('reuses the token for 50 minutes and signs a new one after', () => {
    const first = sut.providerTokenFor(credentials);
    nowMs += APNS_PROVIDER_TOKEN_LIFETIME_MS - 1;
    expect(sut.providerTokenFor(credentials)).toBe(first);

    nowMs += 1;
    const renewed = sut.providerTokenFor(credentials);
    expect(renewed).not.toBe(first);
    expect(verifiedJwt(renewed, 'ES256', publicKey).claims['iat']).toBe(nowMs / 1000);
  });

  it('keeps one token per team and key', () => {
    const other = { ...credentials, keyId: 'KEY7654321' };

    expect(sut.providerTokenFor(other)).not.toBe(sut.providerTokenFor(credentials));
    expect(verifiedJwt(sut.providerTokenFor(other), 'ES256', publicKey).header['kid']).toBe(
      'KEY7654321',
    );
  });

  it('signs a new token after the cached one is invalidated, but not for a stale rejection', () => {
    const first = sut.providerTokenFor(credentials);
    sut.invalidate(credentials, first);
    const second = sut.providerTokenFor(credentials);
    sut.invalidate(credentials, first);

    expect(second).not.toBe(first);
    expect(sut.providerTokenFor(credentials)).toBe(second);
  });
});
