import { EmailDeliveryJob } from '@clarion/contracts';
import { SigningDomain } from '../sender-domains/signing-domains';
import { EmailConfig } from './email-config';

/** Who an email is from, and why it is not the sender the send asked for, when it is not. */
export interface EmailSender {
  name?: string;
  address: string;
  /** The domain of `address`, lowercase (it names the Message-ID too). */
  domain: string;
  /** Set when the requested address was refused: a sentence for the log record. */
  fallback?: string;
  /** The account's verified sender domain the mail is DKIM-signed for. */
  signedBy?: SigningDomain;
}

/**
 * The send's sender (its options first, then its content) when the address is on one of the
 * account's verified sender domains (then signed for it), a domain the operator verified, or the
 * default sender's domain; otherwise the default address, keeping the requested display name,
 * since mail from an unverified domain would fail SPF/DMARC or be spoofing.
 */
export function resolveEmailSender(
  job: EmailDeliveryJob,
  config: Pick<EmailConfig, 'defaultFrom' | 'verifiedDomains'>,
  signing: SigningDomain[] = [],
): EmailSender {
  const requestedName = nonEmpty(job.options?.email?.fromName ?? job.content.senderName);
  const requestedAddress = requestedSenderAddress(job);
  const defaultSender = {
    name: requestedName ?? nonEmpty(config.defaultFrom.name),
    address: config.defaultFrom.address,
    domain: domainOf(config.defaultFrom.address),
  };
  if (requestedAddress === undefined) return defaultSender;
  if (requestedAddress.includes('@')) {
    const domain = domainOf(requestedAddress);
    const signedBy = signing.find((candidate) => isSameOrSubdomain(domain, candidate.domain));
    if (signedBy) return { name: requestedName, address: requestedAddress, domain, signedBy };
    const allowed = [...config.verifiedDomains, defaultSender.domain].map(normalizeDomain);
    if (allowed.some((candidate) => candidate && isSameOrSubdomain(domain, candidate))) {
      return { name: requestedName, address: requestedAddress, domain };
    }
  }
  return {
    ...defaultSender,
    fallback: `${requestedAddress} is not on a verified domain, so the email was sent from ${config.defaultFrom.address}`,
  };
}

/** The sender address a send asks for (its options first, then its content), if any. */
export function requestedSenderAddress(job: EmailDeliveryJob): string | undefined {
  return nonEmpty(job.options?.email?.fromAddress ?? job.content.senderEmail);
}

function domainOf(address: string): string {
  return normalizeDomain(address.slice(address.lastIndexOf('@') + 1));
}

function normalizeDomain(domain: string): string {
  return domain
    .trim()
    .toLowerCase()
    .replace(/^[@.]+/, '')
    .replace(/\.+$/, '');
}

function isSameOrSubdomain(domain: string, verified: string): boolean {
  return domain === verified || domain.endsWith(`.${verified}`);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value?.trim() ? value.trim() : undefined;
}
