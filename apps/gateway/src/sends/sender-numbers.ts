import { Injectable } from '@nestjs/common';
import { Requests, SendDto, toE164, ValidationFailedError } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';

/**
 * A send's sender override (`sms.from`, `from` of POST /sms) must be an active number of the
 * caller's account. Numbers answers whose number it is, per send that names one: a send without
 * an override asks nothing, and a number released or moved is refused from the next send on.
 */
@Injectable()
export class SenderNumbers {
  constructor(private readonly messaging: MessagingClient) {}

  async assertSendsFromOwnNumber(accountId: string, body: Pick<SendDto, 'sms'>): Promise<void> {
    const from: unknown = body.sms?.from;
    // Left out, or null as validation lets an optional field be: the shared number.
    if (typeof from !== 'string') return;
    // Written as Twilio takes it (`+1 (415) 555-0100`), as the delivery reads it too.
    const phoneNumber = toE164(from);
    const holder = phoneNumber
      ? (await this.messaging.request(Requests.routeNumber, { phoneNumber })).accountId
      : undefined;
    if (holder !== accountId) {
      throw new ValidationFailedError(
        `The sender number ${from} is not a number of this account`,
        'GET /numbers/list shows the numbers of this account; GET /numbers/available and ' +
          'POST /numbers/order buy one. Leave from out to send from the shared number.',
      );
    }
  }
}
