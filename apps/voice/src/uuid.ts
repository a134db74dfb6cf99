const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Agent and tracking ids are UUIDs; anything else names none (and must not reach a uuid column). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
