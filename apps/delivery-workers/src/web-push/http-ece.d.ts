// http_ece ships no types; the specs use it to decrypt what a browser would (RFC 8188, 8291).
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface EceParams {
    version?: 'aes128gcm' | 'aesgcm';
    /** The receiver's key pair, when decrypting with ECDH. */
    privateKey?: ECDH;
    /** The subscription's 16-byte auth secret, as bytes or URL-safe base64. */
    authSecret?: Buffer | string;
    dh?: Buffer | string;
    salt?: Buffer | string;
    key?: Buffer | string;
    rs?: number;
  }

  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
