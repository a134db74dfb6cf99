import { regionOfKey } from '@clarion/contracts';
import { newSessionToken } from '../auth/session-token';
import { newEnvironmentCredentials } from '../environments/environment-credentials';
import { hashApiKey, maskedKey, newApiKey, randomToken } from './api-key-secret';

describe('api key secrets', () => {
  it('issues secret keys with the clarion_sk_ prefix, the region and 40 random characters', () => {
    const key = newApiKey('eu');
    expect(key).toMatch(/^clarion_sk_eu_[0-9A-Za-z]{40}$/);
    expect(newApiKey('eu')).not.toEqual(key);
  });

  it('issues public keys with the clarion_pk_ prefix and masks keys to prefix and hint', () => {
    expect(newApiKey('ca', 'public')).toMatch(/^clarion_pk_ca_[0-9A-Za-z]{40}$/);
    expect(maskedKey('secret', 'a1B2')).toBe('clarion_sk_…a1B2');
  });

  it('marks keys, session tokens and clientIds with the region that issued them', () => {
    expect(regionOfKey(newApiKey('eu'))).toBe('eu');
    expect(regionOfKey(newApiKey('ap-south', 'public'))).toBe('ap-south');
    expect(newSessionToken('ca')).toMatch(/^clarion_st_ca_[0-9A-Za-z]{40}$/);
    expect(regionOfKey(newSessionToken('ca'))).toBe('ca');
    const { clientId, clientSecret } = newEnvironmentCredentials('eu');
    expect(clientId).toMatch(/^eu_[0-9A-Za-z]{24}$/);
    expect(clientSecret).toMatch(/^[0-9A-Za-z]{48}$/);
  });

  it('hashes keys to 64 hex characters, the same key to the same hash', () => {
    expect(hashApiKey('clarion_sk_a')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey('clarion_sk_a')).toEqual(hashApiKey('clarion_sk_a'));
    expect(hashApiKey('clarion_sk_a')).not.toEqual(hashApiKey('clarion_sk_b'));
  });

  it('draws tokens of the requested length from the base62 alphabet', () => {
    const sut = randomToken(500);
    expect(sut).toHaveLength(500);
    expect(sut).toMatch(/^[0-9A-Za-z]+$/);
  });
});
