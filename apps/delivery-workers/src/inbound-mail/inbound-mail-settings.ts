import { DeliveryWorkersEnv } from '../delivery-workers.env';

/** How Clarion receives mail. */
export interface InboundMailSettings {
  port: number;
  maxBytes: number;
  /** The name the listener greets with: the host inbox and return-path MX records name. */
  hostname: string;
}

export const INBOUND_MAIL_SETTINGS = Symbol('INBOUND_MAIL_SETTINGS');

export function inboundMailSettingsOf(env: DeliveryWorkersEnv): InboundMailSettings {
  return {
    port: env.EMAIL_INBOUND_PORT,
    maxBytes: env.EMAIL_INBOUND_MAX_BYTES,
    hostname: env.EMAIL_RETURN_PATH_HOST,
  };
}
