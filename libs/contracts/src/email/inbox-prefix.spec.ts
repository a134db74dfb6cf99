import { DomainError } from '../errors/domain-error';
import { inboxPrefixOf } from './inbox-prefix';

function refusalOf(prefix: string): string {
  try {
    inboxPrefixOf(prefix);
  } catch (error) {
    if (error instanceof DomainError) return `${error.code}: ${error.message}`;
    throw error;
  }
  throw new Error(`${prefix} was taken`);
}

describe(inboxPrefixOf.name, () => {
  it.each([
    ['support', 'support'],
    [' Billing.Team ', 'billing.team'],
    ['a', 'a'],
    ['no-reply_2', 'no-reply_2'],
    ['_x-', '_x-'],
    ['a'.repeat(64), 'a'.repeat(64)],
    ['bouncer', 'bouncer'],
    ['bounces-team', 'bounces-team'],
  ])('takes %j as %s', (prefix, normalised) => expect(inboxPrefixOf(prefix)).toBe(normalised));

  it.each([
    '',
    ' ',
    'a'.repeat(65),
    '.support',
    'support.',
    'sup..port',
    'help+orders',
    'help@example.com',
    'hélp',
    'two words',
    '"quoted"',
  ])('refuses %j as not a prefix', (prefix) => {
    expect(refusalOf(prefix)).toMatch(/^VALIDATION_FAILED: prefix must be 1-64 letters/);
  });

  it.each([
    'bounces',
    'BOUNCES',
    'postmaster',
    'abuse',
    'mailer-daemon',
    'bounces+abc',
    'bounces+',
  ])('refuses %j as reserved for the mail system', (prefix) => {
    expect(refusalOf(prefix)).toMatch(
      /^VALIDATION_FAILED: prefix .* is reserved for the mail system$/,
    );
  });
});
