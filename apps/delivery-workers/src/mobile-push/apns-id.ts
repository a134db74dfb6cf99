import { createHash } from 'node:crypto';

/** UUID namespace of Clarion's apns-ids (a random v4, fixed forever). */
const APNS_ID_NAMESPACE = 'e848c88d-ab53-4e36-89c2-94d1f863400b';

/**
 * The apns-id of an attempt: a name-based UUID (RFC 4122 version 5) of the idempotency key, so
 * every attempt of the same message to the same device carries the same id.
 */
export function apnsIdOf(idempotencyKey: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(APNS_ID_NAMESPACE.replace(/-/g, ''), 'hex'))
    .update(idempotencyKey, 'utf8')
    .digest()
    .subarray(0, 16);
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6); // version 5
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8); // RFC 4122 variant
  const hex = hash.toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join('-');
}
