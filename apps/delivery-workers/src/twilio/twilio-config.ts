import { TwilioRestConfig } from '@clarion/providers';

/** Where and as whom the Twilio adapters talk to Twilio (or a Twilio-compatible API). */
export interface TwilioConfig extends TwilioRestConfig {
  /** The account's number that sends SMS and places calls unless a send overrides it (E.164). */
  fromNumber: string;
  /** The gateway's public base URL; Twilio posts status callbacks under it. */
  publicUrl: string;
}

/** The gateway routes Twilio posts to; inbound SMS is configured on the number in Twilio. */
export type TwilioCallbackKind = 'sms-status' | 'call-status' | 'sms-inbound';

/** The public URL of a Twilio callback route of the gateway. */
export function twilioCallbackUrl(config: TwilioConfig, kind: TwilioCallbackKind): string {
  return `${withoutTrailingSlash(config.publicUrl)}/webhooks/twilio/${kind}`;
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
