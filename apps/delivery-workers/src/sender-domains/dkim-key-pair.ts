import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';

const generate = promisify(generateKeyPair);

/** A DKIM key pair: the private key as PKCS#8 PEM, the public one as base64 SPKI DER (the p= tag). */
export interface DkimKeyPair {
  privateKeyPem: string;
  publicKeyBase64: string;
}

/** RSA 2048, what RFC 8301 asks signers to use and every receiver verifies. */
export async function newDkimKeyPair(): Promise<DkimKeyPair> {
  const { privateKey, publicKey } = await generate('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  return { privateKeyPem: privateKey, publicKeyBase64: publicKey.toString('base64') };
}
