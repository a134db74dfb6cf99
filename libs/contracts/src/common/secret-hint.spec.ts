import { isSecretHint, secretHint } from './secret-hint';

describe('secretHint', () => {
  it('keeps the kind prefix and the last four characters', () => {
    expect(secretHint('whsec_AbCdEfGhIjKlMnOpQrStUvWx+/Yz')).toBe('whsec_…+/Yz');
    expect(secretHint('xoxb-1234567890-0987654321-AbCdEfGh')).toBe('xoxb-…EfGh');
  });

  it('leaves a hint as it is', () => {
    expect(secretHint('whsec_…+/Yz')).toBe('whsec_…+/Yz');
  });

  it('shows nothing of a short secret', () => {
    expect(secretHint('hunter2')).toBe('…');
    expect(secretHint('sk_short')).toBe('sk_…');
  });

  it('tells a hint from a secret', () => {
    expect(isSecretHint(secretHint('xoxb-1234567890-0987654321-AbCdEfGh'))).toBe(true);
    expect(isSecretHint('xoxb-1234567890-0987654321-AbCdEfGh')).toBe(false);
    expect(isSecretHint(undefined)).toBe(false);
  });
});
