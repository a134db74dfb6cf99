/** Delivery channels of spec 1 and 2.11. */
export enum Channel {
  EMAIL = 'EMAIL',
  INAPP_WEB = 'INAPP_WEB',
  SMS = 'SMS',
  CALL = 'CALL',
  VOICE = 'VOICE',
  PUSH = 'PUSH',
  WEB_PUSH = 'WEB_PUSH',
  SLACK = 'SLACK',
}

/** The channel names used in log record fields (`inapp_sent_at`) and delivery subjects. */
export const CHANNEL_LOG_NAMES = {
  [Channel.EMAIL]: 'email',
  [Channel.INAPP_WEB]: 'inapp',
  [Channel.SMS]: 'sms',
  [Channel.CALL]: 'call',
  [Channel.VOICE]: 'call',
  [Channel.PUSH]: 'mobile_push',
  [Channel.WEB_PUSH]: 'web_push',
  [Channel.SLACK]: 'slack',
} as const satisfies Record<Channel, string>;

export type ChannelLogName = (typeof CHANNEL_LOG_NAMES)[Channel];
