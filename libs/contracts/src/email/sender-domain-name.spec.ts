import { DomainError } from '../errors/domain-error';
import { senderDomainOf } from './sender-domain-name';

function refusalOf(sender: string): { message: string; fix?: string } {
  try {
    senderDomainOf(sender);
  } catch (error) {
    if (error instanceof DomainError) return { message: error.message, fix: error.fix };
    throw error;
  }
  throw new Error(`${sender} was taken`);
}

describe(senderDomainOf.name, () => {
  it.each([
    ['example.com', 'example.com'],
    [' Mail.Example.COM. ', 'mail.example.com'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.example.org', 'a-b.c-d.example.org'],
  ])('takes %j as %s', (sender, domain) => expect(senderDomainOf(sender)).toBe(domain));

  it('refuses a full address and names the domain to send instead', () => {
    expect(refusalOf('hello@Example.com')).toEqual({
      message: 'sender must be a domain, not an email address ("hello@example.com")',
      fix: 'Pass the domain only: example.com.',
    });
  });

  it.each([
    'localhost',
    'https://example.com',
    'example.com/path',
    '-bad.example.com',
    'bad-.example.com',
    'exa mple.com',
    'example.123',
    `${'a'.repeat(64)}.example.com`,
    '',
  ])('refuses %j as not a domain name', (sender) => {
    expect(refusalOf(sender).message).toMatch(/^sender must be a domain name such as example\.com/);
  });
});
