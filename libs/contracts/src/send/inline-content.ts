import { Channel, CHANNEL_LOG_NAMES } from '../common/channel.enum';
import { SendDto } from './send.dto';

/**
 * The field of a send body that carries each channel's content (spec 4.3): the body names them
 * as log records name channels (`sms`, `mobile_push`, …).
 */
export const INLINE_CONTENT_FIELDS: Readonly<Record<Channel, keyof SendDto>> = CHANNEL_LOG_NAMES;

/** The content object a send carries for a channel, if any (used instead of a template). */
export function inlineContentOf(
  send: SendDto,
  channel: Channel,
): Record<string, unknown> | undefined {
  return send[INLINE_CONTENT_FIELDS[channel]] as Record<string, unknown> | undefined;
}

/** Each channel with a content field of its own (VOICE shares CALL's `call`). */
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
export function channelsOfContent(send: SendDto): Channel[] {
  return CONTENT_CHANNELS.filter((channel) => inlineContentOf(send, channel) !== undefined);
}
