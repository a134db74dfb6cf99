/** A key-encryption key from configuration, named so that what it sealed can find it again. */
export interface MasterKey {
  id: string;
  /** 32 bytes: an AES-256 key. */
  key: Buffer;
}

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const KEY_BYTES = 32;

/** How a keyring is written; the hint of every format error. */
export const MASTER_KEYS_FORMAT =
  '<id>:<base64 of 32 bytes>[,<id>:<base64>…], the first seals, e.g. k2:<openssl rand -base64 32>,k1:<…>';

/**
 * The development keyring: its key is public (it is in this repository), so it lets `npm start` and
 * the tests run without configuration and protects nothing. Production sets its own.
 */
export const DEVELOPMENT_MASTER_KEYS = 'dev:tVhlQQqLenxuq4JiJ4x4KLocJwz6P7vF6zXxXBnmE8c=';

/**
 * The master keys secrets are sealed with: the first seals, every one opens, so a new key can be
 * put in front while values sealed under the older ones are still read (and re-sealed).
 */
export class MasterKeyring {
  private constructor(readonly keys: readonly [MasterKey, ...MasterKey[]]) {}

  /** Reads `id:base64,id:base64…`; the error names what is wrong and never repeats a key. */
  static parse(text: string): MasterKeyring {
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    const keys = entries.map((entry, index) => keyOf(entry, index + 1));
    const [current, ...older] = keys;
    if (!current) throw new Error(`names no key; expected ${MASTER_KEYS_FORMAT}`);
    const ids = keys.map((key) => key.id);
    const repeated = ids.find((id, index) => ids.indexOf(id) !== index);
    if (repeated !== undefined) throw new Error(`names the key id ${repeated} twice`);
    return new MasterKeyring([current, ...older]);
  }

  /** The key new values are sealed under. */
  get current(): MasterKey {
    return this.keys[0];
  }

  find(id: string): MasterKey | undefined {
    return this.keys.find((key) => key.id === id);
  }

  /** True when new values are sealed under the public development key. */
  get sealsWithDevelopmentKey(): boolean {
    return this.current.key.equals(DEVELOPMENT_KEY);
  }
}

function keyOf(entry: string, position: number): MasterKey {
  const separator = entry.indexOf(':');
  const id = entry.slice(0, separator).trim();
  const encoded = entry.slice(separator + 1).trim();
  if (separator < 0 || !KEY_ID.test(id)) {
    throw new Error(
      `key ${position} has no id of 1 to 32 letters, digits, _ or -; expected ${MASTER_KEYS_FORMAT}`,
    );
  }
  const key = Buffer.from(encoded, 'base64');
  if (!BASE64.test(encoded) || key.length !== KEY_BYTES) {
    throw new Error(
      `key ${id} is not the base64 of ${KEY_BYTES} bytes; generate one with openssl rand -base64 32`,
    );
  }
  return { id, key };
}

const DEVELOPMENT_KEY = MasterKeyring.parse(DEVELOPMENT_MASTER_KEYS).current.key;
