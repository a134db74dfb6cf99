import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a call's websocket URL: whoever holds it may carry that call's audio. It is an
 * HMAC of the tracking id, so every voice replica can check it without asking the database and
 * nothing else (the tracking id alone appears in logs) opens the stream.
 */
export function mediaTokenOf(trackingId: string, secret: string): string {
  return createHmac('sha256', secret).update(`voice-media:${trackingId}`).digest('base64url');
}

export function isMediaTokenOf(trackingId: string, token: string, secret: string): boolean {
  const expected = Buffer.from(mediaTokenOf(trackingId, secret));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
