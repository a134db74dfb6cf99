/** UUIDv7 keeps 48 bits of unix milliseconds. */
const LATEST_MS = 2 ** 48 - 1;

/**
 * The smallest UUID whose first 48 bits are `epochMs`: every UUIDv7 made at or after that
 * millisecond sorts after it (PostgreSQL compares uuids byte by byte), every earlier one before.
 * So `tracking_id < firstTrackingIdAt(t)` selects sends received before t through the index.
 */
export function firstTrackingIdAt(epochMs: number): string {
  const ms = Math.min(Math.max(0, Math.floor(epochMs)), LATEST_MS);
  const hex = ms.toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-0000-0000-000000000000`;
}
