import { ValidationFailedError } from '../errors/domain-error';

const PREFIX = /^[a-z0-9_-](?:[a-z0-9._-]{0,62}[a-z0-9_-])?$/;

/** Local parts the mail system itself answers at: bounces (VERP return paths) and RFC 2142 roles. */
const RESERVED = ['bounces', 'postmaster', 'abuse', 'mailer-daemon'];

/**
 * The local part of an inbox address a client named, lowercase. Only a plain dot-atom is taken
 * (no quoting, no `+`), so that the address is the same string wherever it is compared; names the
 * mail system answers at itself are refused, since mail to them must never reach a tenant.
 */
export function inboxPrefixOf(prefix: string): string {
  const normalised = prefix.trim().toLowerCase();
  // Reserved names first: bounces+<token> is refused as reserved, not for its "+".
  if (RESERVED.includes(normalised) || normalised.startsWith('bounces+')) {
    throw new ValidationFailedError(
      `prefix ${normalised.slice(0, 120)} is reserved for the mail system`,
      `Choose another prefix; ${RESERVED.join(', ')} and bounces+… are kept for bounces and postmaster mail.`,
    );
  }
  if (!PREFIX.test(normalised) || normalised.includes('..')) {
    throw new ValidationFailedError(
      `prefix must be 1-64 letters, digits, ".", "-" or "_" ("${normalised.slice(0, 120)}" is not)`,
      'Pass the part before the @ only, e.g. support or billing.team, without a leading, trailing or double dot.',
    );
  }
  return normalised;
}
