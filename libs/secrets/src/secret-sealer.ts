import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { MasterKeyring } from './master-keyring';
import { SealedSecretError } from './sealed-secret.error';

const VERSION = 'sealed:v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const DATA_KEY_BYTES = 32;

/**
 * What a secret belongs to, e.g. `['delivery.push_credentials', accountId, envId, 'fcm']`: it is
 * authenticated with the secret (AEAD associated data), so a sealed value opens only for the same
 * record, and one copied to another tenant's row does not.
 */
export type SecretContext = readonly string[];

/** True for a value `SecretSealer.seal` produced (under any key), false for a plaintext one. */
export function isSealedSecret(value: string): boolean {
  return value.startsWith(`${VERSION}:`);
}

/** How every value sealed under `keyId` begins: lets a query find those sealed under other keys. */
export function sealedPrefix(keyId: string): string {
  return `${VERSION}:${keyId}:`;
}

/**
 * Envelope encryption of secrets at rest with AES-256-GCM: each value gets its own random data
 * key, which seals the secret and is itself sealed ("wrapped") by the current master key. The
 * result is one string, `sealed:v1:<master key id>:<wrapped data key>:<ciphertext>` (each part
 * base64url of IV ‖ tag ‖ encrypted bytes), so it names the master key that opens it.
 */
export class SecretSealer {
  constructor(private readonly keyring: MasterKeyring) {}

  /** The id of the master key new values are sealed under. */
  get currentKeyId(): string {
    return this.keyring.current.id;
  }

  /** True when new values are sealed under the public development key. */
  get sealsWithDevelopmentKey(): boolean {
    return this.keyring.sealsWithDevelopmentKey;
  }

  seal(plaintext: string, context: SecretContext): string {
    const master = this.keyring.current;
    const associated = associatedDataOf(master.id, context);
    const dataKey = randomBytes(DATA_KEY_BYTES);
    const wrappedKey = encrypt(master.key, dataKey, associated);
    const ciphertext = encrypt(dataKey, Buffer.from(plaintext, 'utf8'), associated);
    return [VERSION, master.id, wrappedKey, ciphertext].join(':');
  }

  /** The secret, if `sealed` is intact, was sealed for `context` and its master key is held. */
  open(sealed: string, context: SecretContext): string {
    const { keyId, wrappedKey, ciphertext } = partsOf(sealed);
    const master = this.keyring.find(keyId);
    if (!master) throw new SealedSecretError('unknown-key', keyId);
    const associated = associatedDataOf(keyId, context);
    try {
      const dataKey = decrypt(master.key, wrappedKey, associated);
      return decrypt(dataKey, ciphertext, associated).toString('utf8');
    } catch {
      throw new SealedSecretError('not-authentic', keyId);
    }
  }

  /** True when `sealed` is sealed under the current master key (nothing to re-seal). */
  isSealedUnderCurrentKey(sealed: string): boolean {
    return sealed.startsWith(sealedPrefix(this.currentKeyId));
  }

  /** The same secret sealed again, under the current master key and with a new data key. */
  reseal(sealed: string, context: SecretContext): string {
    return this.seal(this.open(sealed, context), context);
  }
}

function associatedDataOf(keyId: string, context: SecretContext): Buffer {
  // JSON keeps the parts apart: ['a:b', 'c'] and ['a', 'b:c'] are different records.
  return Buffer.from(JSON.stringify([VERSION, keyId, ...context]), 'utf8');
}

function encrypt(key: Buffer, plaintext: Buffer, associated: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv).setAAD(associated);
  const encrypted = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
}

function decrypt(key: Buffer, box: Buffer, associated: Buffer): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, box.subarray(0, IV_BYTES), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(associated).setAuthTag(box.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(box.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

function partsOf(sealed: string): { keyId: string; wrappedKey: Buffer; ciphertext: Buffer } {
  const [, , keyId, wrappedKey, ciphertext, ...rest] = sealed.split(':');
  if (!isSealedSecret(sealed) || !keyId || !wrappedKey || !ciphertext || rest.length > 0) {
    throw new SealedSecretError('malformed');
  }
  const parts = {
    keyId,
    wrappedKey: Buffer.from(wrappedKey, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
  const shortest = IV_BYTES + TAG_BYTES;
  if (parts.wrappedKey.length < shortest || parts.ciphertext.length < shortest) {
    throw new SealedSecretError('malformed');
  }
  return parts;
}
