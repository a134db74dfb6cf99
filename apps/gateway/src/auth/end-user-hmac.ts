import { createHmac, timingSafeEqual } from 'node:crypto';

/** base64(HMAC-SHA256(key = clientSecret, message = userId)), as end-user clients compute it. */
export function endUserHmac(clientSecret: string, userId: string): string {
  return createHmac('sha256', clientSecret).update(userId).digest('base64');
}

export function isValidEndUserHmac(
  clientSecret: string,
  userId: string,
  presented: string,
): boolean {
  const expected = Buffer.from(endUserHmac(clientSecret, userId));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
