import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** The Standard Webhooks headers of one attempt to deliver `body`. */
export interface WebhookSignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs a webhook as Standard Webhooks define it: `v1,` and the base64 HMAC-SHA256 of
 * `<id>.<timestamp>.<body>`, keyed with the base64 part of the `whsec_…` secret. The id stays the
 * same across attempts (receivers deduplicate on it); the timestamp is each attempt's own.
 */
export function signedWebhookHeaders(
  secret: string,
  id: string,
  body: string,
  at: Date = new Date(),
): WebhookSignatureHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${signature}`,
  };
}
