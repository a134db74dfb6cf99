import { Inject, Injectable } from '@nestjs/common';
import { DeliveryAttemptsRepository } from '../delivery/delivery-attempts.repository';
import { returnPathTokenOf } from '../email/return-path';
import { InboxAddressesRepository } from '../inboxes/inbox-addresses.repository';
import { RETURN_PATH_LABEL } from '../sender-domains/sender-domain-records';
import { INBOUND_MAIL_SETTINGS, InboundMailSettings } from './inbound-mail-settings';

/**
 * `accepted`, or why not: `unknown` for an address Clarion takes no mail for, `not yet` for the
 * return path of a message whose sending has not been recorded yet (a report that outran it).
 */
export type RecipientVerdict = 'accepted' | 'unknown' | 'not yet';

/**
 * Whether Clarion takes mail for an address: an inbox of some environment, the return path of a
 * message it sent (a bounce, delivery report or complaint about it) at a domain that message's
 * bounces go to, or postmaster at its own domains (RFC 5321 section 4.5.1 requires it). Anything
 * else is refused at RCPT TO, so Clarion never accepts mail it would have to bounce itself
 * (backscatter). The return path of a message still being sent is neither: the sending server is
 * asked to try again later, when the message's record names it.
 */
@Injectable()
export class InboundRecipients {
  constructor(
    @Inject(INBOUND_MAIL_SETTINGS) private readonly settings: InboundMailSettings,
    private readonly inboxes: InboxAddressesRepository,
    private readonly attempts: DeliveryAttemptsRepository,
  ) {}

  /** `address` is lowercased. */
  async verdictOn(address: string): Promise<RecipientVerdict> {
    if (isPostmasterOf(address, [this.settings.inboxDomain, this.settings.hostname])) {
      return 'accepted';
    }
    const token = returnPathTokenOf(address);
    if (token === undefined) {
      return (await this.inboxes.findByFullAddress(address)) === undefined ? 'unknown' : 'accepted';
    }
    const messageId = await this.attempts.findEmailMessageIdByToken(token);
    if (messageId !== undefined) {
      return this.isReturnPathDomainOf(domainOf(address), messageId) ? 'accepted' : 'unknown';
    }
    return (await this.attempts.isEmailInFlightByToken(token)) ? 'not yet' : 'unknown';
  }

  /**
   * Bounces of a message go to the operator's bounce host, or to `bounces.<signing domain>`, the
   * signing domain being the sender's domain or one it is a subdomain of (email-message.ts).
   */
  private isReturnPathDomainOf(domain: string, messageId: string): boolean {
    if (domain === this.settings.hostname.toLowerCase()) return true;
    const label = `${RETURN_PATH_LABEL}.`;
    if (!domain.startsWith(label)) return false;
    const signingDomain = domain.slice(label.length);
    const senderDomain = domainOf(messageId.replace(/>$/, ''));
    return senderDomain === signingDomain || senderDomain.endsWith(`.${signingDomain}`);
  }
}

/** Postmaster (any case) at one of `domains`; the address is lowercased. */
export function isPostmasterOf(address: string, domains: string[]): boolean {
  const at = address.lastIndexOf('@');
  return (
    address.slice(0, at) === 'postmaster' &&
    domains.some((domain) => domain.toLowerCase() === address.slice(at + 1))
  );
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}
