import { Channel } from '../common/channel.enum';
import { SendDto } from './send.dto';

/** The field of a send body that carries each channel's content (spec 4.3). */
export const INLINE_CONTENT_FIELDS = {
  [Channel.EMAIL]: 'email',
  [Channel.INAPP_WEB]: 'inapp',
  [Channel.SMS]: 'sms',
  [Channel.CALL]: 'call',
  [Channel.VOICE]: 'call',
  [Channel.PUSH]: 'mobile_push',
  [Channel.WEB_PUSH]: 'web_push',
  [Channel.SLACK]: 'slack',
} as const satisfies Record<Channel, keyof SendDto>;

/** The content object a send carries for a channel, if any (used instead of a template). */
export function inlineContentOf(
  send: SendDto,
  channel: Channel,
): Record<string, unknown> | undefined {
  return send[INLINE_CONTENT_FIELDS[channel]] as Record<string, unknown> | undefined;
}
