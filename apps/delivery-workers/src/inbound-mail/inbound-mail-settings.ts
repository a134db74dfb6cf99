import { DeliveryWorkersEnv } from '../delivery-workers.env';

/** How Clarion receives mail. */
export interface InboundMailSettings {
  port: number;
  maxBytes: number;
  /** Bytes of messages being received and not yet stored, all connections together. */
  maxBytesInFlight: number;
  idleTimeoutMs: number;
  maxConnectionsPerClient: number;
  maxMessagesPerClientPerMinute: number;
  /** The name the listener greets with: the host inbox and return-path MX records name. */
  hostname: string;
  /** The domain of built-in inbox addresses. */
  inboxDomain: string;
}

export const INBOUND_MAIL_SETTINGS = Symbol('INBOUND_MAIL_SETTINGS');

export function inboundMailSettingsOf(env: DeliveryWorkersEnv): InboundMailSettings {
  return {
    port: env.EMAIL_INBOUND_PORT,
    maxBytes: env.EMAIL_INBOUND_MAX_BYTES,
    maxBytesInFlight: Math.max(env.EMAIL_INBOUND_MAX_BYTES_IN_FLIGHT, env.EMAIL_INBOUND_MAX_BYTES),
    idleTimeoutMs: env.EMAIL_INBOUND_IDLE_TIMEOUT_MS,
    maxConnectionsPerClient: env.EMAIL_INBOUND_MAX_CONNECTIONS_PER_CLIENT,
    maxMessagesPerClientPerMinute: env.EMAIL_INBOUND_MAX_MESSAGES_PER_CLIENT_PER_MINUTE,
    hostname: env.EMAIL_RETURN_PATH_HOST,
    inboxDomain: env.EMAIL_INBOUND_DOMAIN,
  };
}
