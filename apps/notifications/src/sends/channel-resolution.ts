import { Channel, ChannelDecision, NormalizedSend, Routing } from '@clarion/contracts';

/** The content object a send carries for a channel, if any. */
export function contentOf(send: NormalizedSend, channel: Channel): object | undefined {
  switch (channel) {
    case Channel.EMAIL:
      return send.email;
    case Channel.INAPP_WEB:
      return send.inapp;
    case Channel.SMS:
      return send.sms;
    case Channel.CALL:
    case Channel.VOICE:
      return send.call;
    case Channel.PUSH:
      return send.mobile_push;
    case Channel.WEB_PUSH:
      return send.web_push;
    case Channel.SLACK:
      return send.slack;
  }
}

const CONTENT_CHANNELS = [
  Channel.EMAIL,
  Channel.INAPP_WEB,
  Channel.SMS,
  Channel.CALL,
  Channel.PUSH,
  Channel.WEB_PUSH,
  Channel.SLACK,
];

/** The channels a send names through its content, used as the channels of a type it creates. */
export function channelsOfContent(send: NormalizedSend): Channel[] {
  return CONTENT_CHANNELS.filter((channel) => contentOf(send, channel) !== undefined);
}

/** forceChannels wins over the type's channels (spec 4.3). */
export function resolveChannels(send: NormalizedSend, typeChannels: Channel[]): Channel[] {
  const channels = send.forceChannels ?? typeChannels;
  return [...new Set(channels)];
}

/** The decision for a channel that has no content and, until templates exist, nothing to send. */
export function missingContentDecision(): ChannelDecision {
  return { routing: Routing.SEND, failedCode: 'NO_DEFAULT_TEMPLATE' };
}
