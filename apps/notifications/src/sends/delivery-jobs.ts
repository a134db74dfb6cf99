import { Channel, JobDefinition, Jobs } from '@clarion/contracts';

/** The channels whose provider is outside Clarion: delivery-workers deliver them. */
export type ExternalChannel = Exclude<Channel, Channel.INAPP_WEB>;

/** The delivery-workers job subject of a channel delivered by an outside provider. */
export function deliveryJobDefinition(channel: ExternalChannel): JobDefinition<unknown> {
  switch (channel) {
    case Channel.EMAIL:
      return Jobs.emailDelivery;
    case Channel.SMS:
      return Jobs.smsDelivery;
    case Channel.CALL:
    case Channel.VOICE:
      return Jobs.callDelivery;
    case Channel.PUSH:
      return Jobs.mobilePushDelivery;
    case Channel.WEB_PUSH:
      return Jobs.webPushDelivery;
    case Channel.SLACK:
      return Jobs.slackDelivery;
  }
}
