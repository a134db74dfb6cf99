import { ValidationFailedError } from '../errors/domain-error';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The sender domain a client named, lowercase and without a trailing dot; a full address, a URL
 * or anything that is not a public host name is refused with what to send instead.
 */
export function senderDomainOf(sender: string): string {
  const domain = sender.trim().toLowerCase().replace(/\.$/, '');
  if (domain.includes('@')) {
    throw new ValidationFailedError(
      `sender must be a domain, not an email address ("${domain.slice(0, 120)}")`,
      `Pass the domain only: ${domain.slice(domain.lastIndexOf('@') + 1).slice(0, 120)}.`,
    );
  }
  const labels = domain.split('.');
  const valid =
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    TOP_LEVEL.test(labels[labels.length - 1] ?? '');
  if (!valid) {
    throw new ValidationFailedError(
      `sender must be a domain name such as example.com ("${domain.slice(0, 120)}" is not one)`,
      'Pass the domain you send from, e.g. example.com or mail.example.com, without scheme or path.',
    );
  }
  return domain;
}
