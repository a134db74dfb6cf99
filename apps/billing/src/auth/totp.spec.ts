import { isValidTotpCode, newTotpSecret, totpFor } from './totp';

describe('TOTP', () => {
  it('accepts the current code and refuses another one', () => {
    const secret = newTotpSecret();
    const current = totpFor(secret).generate();
    expect(isValidTotpCode(secret, current)).toBe(true);
    const wrong = current === '000000' ? '000001' : '000000';
    expect(isValidTotpCode(secret, wrong)).toBe(false);
  });

  it('refuses a code made more than a step away', () => {
    const secret = newTotpSecret();
    const old = totpFor(secret).generate({ timestamp: Date.now() - 5 * 60_000 });
    expect(isValidTotpCode(secret, old)).toBe(false);
  });

  it('gives an otpauth:// URI naming Clarion and the member', () => {
    expect(totpFor(newTotpSecret(), 'ada@example.test').toString()).toMatch(
      /^otpauth:\/\/totp\/Clarion:ada%40example\.test\?/,
    );
  });
});
