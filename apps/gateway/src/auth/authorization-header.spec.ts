import { parseAuthorization } from './authorization-header';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe(parseAuthorization.name, () => {
  it('reads a Bearer API key', () => {
    expect(parseAuthorization('Bearer clarion_sk_abc')).toEqual({
      kind: 'apiKey',
      key: 'clarion_sk_abc',
    });
  });

  it('reads Basic clientId:clientSecret as client credentials', () => {
    expect(parseAuthorization(basic('cid:secret'))).toEqual({
      kind: 'client',
      clientId: 'cid',
      clientSecret: 'secret',
    });
  });

  it('reads Basic clientId:userId:hmac as an end user, with colons inside the userId', () => {
    expect(parseAuthorization(basic('cid:user:with:colons:aGFzaA=='))).toEqual({
      kind: 'endUser',
      clientId: 'cid',
      userId: 'user:with:colons',
      hmac: 'aGFzaA==',
    });
  });

  it('accepts an end user with an empty hmac', () => {
    expect(parseAuthorization(basic('cid:u1:'))).toEqual({
      kind: 'endUser',
      clientId: 'cid',
      userId: 'u1',
      hmac: '',
    });
  });

  it('reports a missing header, an empty value and an unknown scheme', () => {
    expect(parseAuthorization(undefined)).toEqual({ kind: 'none' });
    expect(parseAuthorization('Bearer')).toMatchObject({ kind: 'malformed' });
    expect(parseAuthorization('Digest abc')).toMatchObject({ kind: 'malformed' });
  });
});
