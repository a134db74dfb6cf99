/** Subject of an event kind on the EVENTS stream. */
export function eventSubject(kind: string): string {
  return `evt.${kind}`;
}
