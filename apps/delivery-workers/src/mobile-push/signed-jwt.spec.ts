import { generateKeyPairSync } from 'node:crypto';
import { signedJwt } from './signed-jwt';
import { verifiedJwt } from './test-peers/verified-jwt';

describe(signedJwt.name, () => {
  it('signs RS256 tokens that verify with the RSA public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwt = signedJwt({ alg: 'RS256', typ: 'JWT' }, { iss: 'me', iat: 1 }, privateKey);

    expect(verifiedJwt(jwt, 'RS256', publicKey)).toEqual({
      header: { alg: 'RS256', typ: 'JWT' },
      claims: { iss: 'me', iat: 1 },
    });
  });

  it('signs ES256 tokens as a 64-byte r||s signature, from a PEM key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const jwt = signedJwt({ alg: 'ES256', kid: 'KEY123' }, { iss: 'TEAM', iat: 2 }, pem);

    expect(Buffer.from(jwt.split('.')[2]!, 'base64url')).toHaveLength(64);
    expect(verifiedJwt(jwt, 'ES256', publicKey).header).toEqual({ alg: 'ES256', kid: 'KEY123' });
  });
});
