import { randomBytes } from 'node:crypto';
import { validateSync } from 'class-validator';
import { IsMasterKeys } from './is-master-keys';
import { DEVELOPMENT_MASTER_KEYS, MasterKeyring } from './master-keyring';

const base64Key = () => randomBytes(32).toString('base64');

class KeysEnv {
  @IsMasterKeys()
  SECRETS_MASTER_KEYS = DEVELOPMENT_MASTER_KEYS;
}

function problemsOf(value: string): string[] {
  const env = Object.assign(new KeysEnv(), { SECRETS_MASTER_KEYS: value });
  return validateSync(env).flatMap((error) => Object.values(error.constraints ?? {}));
}

describe(MasterKeyring.name, () => {
  it('seals with the first key and opens with every one', () => {
    const [newer, older] = [base64Key(), base64Key()];

    const sut = MasterKeyring.parse(` k2:${newer} , k1:${older},`);

    expect(sut.current).toEqual({ id: 'k2', key: Buffer.from(newer, 'base64') });
    expect(sut.find('k1')?.key).toEqual(Buffer.from(older, 'base64'));
    expect(sut.find('k3')).toBeUndefined();
  });

  it('accepts base64url keys without padding', () => {
    const key = randomBytes(32);

    expect(MasterKeyring.parse(`2025-06:${key.toString('base64url')}`).current.key).toEqual(key);
  });

  it.each([
    ['', 'names no key'],
    ['k1', 'key 1 has no id'],
    [`bad id:${base64Key()}`, 'key 1 has no id'],
    [`k1:${randomBytes(16).toString('base64')}`, 'key k1 is not the base64 of 32 bytes'],
    ['k1:not*base64', 'key k1 is not the base64 of 32 bytes'],
    [`k1:${base64Key()},k1:${base64Key()}`, 'names the key id k1 twice'],
  ])('refuses %j: %s', (text, problem) => {
    expect(() => MasterKeyring.parse(text)).toThrow(problem);
  });

  it('never repeats key material in its errors', () => {
    const short = randomBytes(31).toString('base64');

    expect(problemsOf(`k1:${short}`).join()).not.toContain(short.slice(0, 8));
  });

  it('knows when it seals with the public development key', () => {
    expect(MasterKeyring.parse(DEVELOPMENT_MASTER_KEYS).sealsWithDevelopmentKey).toBe(true);
    expect(MasterKeyring.parse(`k1:${base64Key()}`).sealsWithDevelopmentKey).toBe(false);
  });

  describe(IsMasterKeys.name, () => {
    const nodeEnv = process.env['NODE_ENV'];
    afterEach(() => (process.env['NODE_ENV'] = nodeEnv));

    it('lets a developer machine seal with the development key', () => {
      expect(problemsOf(DEVELOPMENT_MASTER_KEYS)).toEqual([]);
    });

    it('names what is wrong with a keyring', () => {
      expect(problemsOf('k1:abc')).toEqual([
        expect.stringMatching(/^SECRETS_MASTER_KEYS key k1 is not the base64 of 32 bytes/),
      ]);
    });

    it('refuses to seal with the development key in production, but still opens with it', () => {
      process.env['NODE_ENV'] = 'production';

      expect(problemsOf(DEVELOPMENT_MASTER_KEYS)).toEqual([
        expect.stringContaining('seals with the public development key'),
      ]);
      expect(problemsOf(`k1:${base64Key()},${DEVELOPMENT_MASTER_KEYS}`)).toEqual([]);
    });
  });
});
