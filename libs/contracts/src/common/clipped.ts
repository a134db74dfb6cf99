/**
 * `text` as a message may quote it: at most `maxLength` characters, then `…`. What a client sent
 * (ids, keys, values, escapes) can be as long as its request.
 */
export function clipped(text: string, maxLength: number): string {
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
