import { randomBytes } from 'node:crypto';
import { MasterKeyring } from './master-keyring';
import { SealedSecretError } from './sealed-secret.error';
import { isSealedSecret, SecretSealer } from './secret-sealer';

const PEM = [
  '-----BEGIN PRIVATE KEY-----',
  'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg2sVQ7bqfBBXl7N8z',
  '-----END PRIVATE KEY-----',
].join('\n');
const ROW = ['delivery.push_credentials', 'account-1', 'env-1', 'apn'];

const newKey = (id: string) => `${id}:${randomBytes(32).toString('base64')}`;
const sealerOf = (...keys: string[]) => new SecretSealer(MasterKeyring.parse(keys.join(',')));

/** The same sealed value with one character of part `index` (0-based, split on ':') changed. */
function tampered(sealed: string, index: number): string {
  const parts = sealed.split(':');
  const part = parts[index]!;
  const middle = Math.floor(part.length / 2);
  const changed = part[middle] === 'A' ? 'B' : 'A';
  parts[index] = `${part.slice(0, middle)}${changed}${part.slice(middle + 1)}`;
  return parts.join(':');
}

function failureOf(open: () => unknown): string | undefined {
  try {
    open();
    return undefined;
  } catch (error) {
    return error instanceof SealedSecretError ? error.failure : String(error);
  }
}

describe(SecretSealer.name, () => {
  const k1 = newKey('k1');
  const sut = sealerOf(k1);

  it('opens what it sealed, and the sealed value holds nothing of the secret', () => {
    const sealed = sut.seal(PEM, ROW);

    expect(sut.open(sealed, ROW)).toBe(PEM);
    expect(sealed).toMatch(/^sealed:v1:k1:[\w-]+:[\w-]+$/);
    expect(isSealedSecret(sealed)).toBe(true);
    expect(isSealedSecret(PEM)).toBe(false);
    for (const line of PEM.split('\n')) expect(sealed).not.toContain(line);
  });

  it('seals each value with a data key of its own', () => {
    const [first, second] = [sut.seal(PEM, ROW), sut.seal(PEM, ROW)];
    const dataKeyOf = (sealed: string) => sealed.split(':')[3];

    expect(first).not.toBe(second);
    expect(dataKeyOf(first)).not.toBe(dataKeyOf(second));
  });

  it('does not open with another key of the same id', () => {
    const sealed = sut.seal(PEM, ROW);

    expect(failureOf(() => sealerOf(newKey('k1')).open(sealed, ROW))).toBe('not-authentic');
  });

  it('does not open when the keyring lacks the key it was sealed under', () => {
    const sealed = sut.seal(PEM, ROW);

    expect(() => sealerOf(newKey('k2')).open(sealed, ROW)).toThrow(
      'sealed under master key k1, which the keyring does not hold',
    );
  });

  it.each([
    ['the wrapped data key', 3],
    ['the ciphertext', 4],
  ])('refuses a value whose %s was altered', (_part, index) => {
    const sealed = sut.seal(PEM, ROW);

    expect(failureOf(() => sut.open(tampered(sealed, index), ROW))).toBe('not-authentic');
  });

  it('refuses a value whose master key id was changed to another key it holds', () => {
    const sealer = sealerOf(newKey('k2'), k1);
    const sealed = sealerOf(k1).seal(PEM, ROW);

    expect(failureOf(() => sealer.open(sealed.replace(':k1:', ':k2:'), ROW))).toBe('not-authentic');
  });

  it('refuses a value that is not a sealed secret', () => {
    const sealed = sut.seal(PEM, ROW);

    expect(failureOf(() => sut.open(PEM, ROW))).toBe('malformed');
    expect(failureOf(() => sut.open(`${sealed}:extra`, ROW))).toBe('malformed');
    expect(failureOf(() => sut.open('sealed:v1:k1:AAAA:AAAA', ROW))).toBe('malformed');
  });

  it.each([
    ['another account', ['delivery.push_credentials', 'account-2', 'env-1', 'apn']],
    ['another environment', ['delivery.push_credentials', 'account-1', 'env-2', 'apn']],
    ['another provider', ['delivery.push_credentials', 'account-1', 'env-1', 'fcm']],
    ['parts joined differently', ['delivery.push_credentials', 'account-1', 'env-1:apn']],
  ])('does not open for %s (the context is authenticated)', (_other, context) => {
    const sealed = sut.seal(PEM, ROW);

    expect(failureOf(() => sut.open(sealed, context))).toBe('not-authentic');
  });

  describe('rotation', () => {
    const k2 = newKey('k2');
    const rotated = sealerOf(k2, k1);

    it('opens a value sealed under k1 with the keyring [k2, k1] and re-seals it under k2', () => {
      const underK1 = sut.seal(PEM, ROW);
      expect(rotated.isSealedUnderCurrentKey(underK1)).toBe(false);
      expect(rotated.open(underK1, ROW)).toBe(PEM);

      const underK2 = rotated.reseal(underK1, ROW);

      expect(underK2).toMatch(/^sealed:v1:k2:/);
      expect(rotated.isSealedUnderCurrentKey(underK2)).toBe(true);
      expect(sealerOf(k2).open(underK2, ROW)).toBe(PEM);
      expect(failureOf(() => sut.open(underK2, ROW))).toBe('unknown-key');
    });

    it('seals new values under the first key', () => {
      expect(rotated.currentKeyId).toBe('k2');
      expect(rotated.seal(PEM, ROW)).toMatch(/^sealed:v1:k2:/);
    });

    it('does not re-seal a value sealed for another record', () => {
      const underK1 = sut.seal(PEM, ROW);
      const elsewhere = ['delivery.push_credentials', 'account-2', 'env-2', 'apn'];

      expect(failureOf(() => rotated.reseal(underK1, elsewhere))).toBe('not-authentic');
    });
  });
});
