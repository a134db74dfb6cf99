import { Injectable } from '@nestjs/common';
import { DeliveryAttemptsRepository } from '../delivery/delivery-attempts.repository';
import { returnPathTokenOf } from '../email/return-path';
import { InboxAddressesRepository } from '../inboxes/inbox-addresses.repository';

/**
 * Whether Clarion takes mail for an address: an inbox of some environment, or the return path of
 * a message it sent (a bounce, delivery report or complaint about it). Anything else is refused at
 * RCPT TO, so Clarion never accepts mail it would have to bounce itself (backscatter).
 */
@Injectable()
export class InboundRecipients {
  constructor(
    private readonly inboxes: InboxAddressesRepository,
    private readonly attempts: DeliveryAttemptsRepository,
  ) {}

  async accepts(address: string): Promise<boolean> {
    const token = returnPathTokenOf(address);
    if (token !== undefined) {
      return (await this.attempts.findEmailByMessageToken(token)) !== undefined;
    }
    return (await this.inboxes.findByFullAddress(address)) !== undefined;
  }
}
