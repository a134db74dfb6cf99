import { Injectable } from '@nestjs/common';
import { SendSlackContentDto, SlackDeliveryJob } from '@clarion/contracts';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { AttemptContext } from '../delivery/provider-outcome';
import { SlackAdapter } from './slack.adapter';

/** The user's Slack channel (any form of spec 2.6), with the user's stored token. */
@Injectable()
export class SlackChannel implements ChannelDelivery<SendSlackContentDto> {
  readonly channel = 'slack';
  readonly gaveUpCode = 'UNKNOWN';
  readonly noAddressCode = 'NO_ADDRESS';
  /** chat.postMessage has no idempotency key: a message is never posted twice blindly. */
  readonly resendsSafely = false;

  constructor(private readonly adapter: SlackAdapter) {}

  addressesOf(job: SlackDeliveryJob): DeliveryAddress[] {
    const { slackChannel, slackToken } = job.recipient;
    return slackChannel && slackToken ? [{ address: slackChannel }] : [];
  }

  providerOf(): string {
    return 'slack';
  }

  deliver(job: SlackDeliveryJob, _address: DeliveryAddress, ctx: AttemptContext) {
    return this.adapter.send(job, ctx);
  }
}
