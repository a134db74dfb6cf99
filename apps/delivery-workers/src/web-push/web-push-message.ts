import { createHash } from 'node:crypto';
import type { WebPushDeliveryJob } from '@clarion/contracts';

/**
 * The JSON the service worker receives: the content as sent (title, message, icon, url) and the
 * trackingId, so the page can report clicks against the send.
 */
export function webPushPayloadOf(job: WebPushDeliveryJob): string {
  return JSON.stringify({ ...job.content, trackingId: job.trackingId });
}

/**
 * The Topic header (RFC 8030 5.4): 32 URL-safe characters from the attempt's idempotency key, so a
 * resend replaces a copy the push service still holds instead of showing twice.
 */
export function webPushTopicOf(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest().subarray(0, 24).toString('base64url');
}
