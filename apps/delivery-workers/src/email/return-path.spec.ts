import { bounceDomainOf, messageTokenOf, returnPathOf, returnPathTokenOf } from './return-path';

describe('return paths (VERP)', () => {
  const token = messageTokenOf('0190-track:email:abcdef0123456789');

  it('names the message by a token that a resend of the same attempt keeps', () => {
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(messageTokenOf('0190-track:email:abcdef0123456789')).toBe(token);
    expect(messageTokenOf('0190-other:email:abcdef0123456789')).not.toBe(token);
  });

  it('reads the token back from the address a report was sent to, whatever its case', () => {
    const address = returnPathOf(token, 'bounces.shop.test');
    expect(address).toBe(`bounces+${token}@bounces.shop.test`);
    expect(returnPathTokenOf(address)).toBe(token);
    expect(returnPathTokenOf(address.toUpperCase())).toBe(token);
  });

  it('is not fooled by other addresses', () => {
    for (const address of [
      'bounces@bounces.shop.test',
      `bounces+${token.slice(1)}@x.test`,
      `bounces+${token}x@x.test`,
      `support+${token}@x.test`,
      `bounces+${token}`,
      '',
    ]) {
      expect(returnPathTokenOf(address)).toBeUndefined();
    }
  });

  it("sends bounces to a sender domain's own subdomain only once its MX is verified", () => {
    const shop = { domain: 'shop.test', returnPathVerified: true };
    expect(bounceDomainOf(shop, 'bounces.relay.test')).toBe('bounces.shop.test');
    expect(bounceDomainOf({ ...shop, returnPathVerified: false }, 'bounces.relay.test')).toBe(
      'bounces.relay.test',
    );
    expect(bounceDomainOf(undefined, 'bounces.relay.test')).toBe('bounces.relay.test');
  });
});
