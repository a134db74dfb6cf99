import { v7 as uuidv7 } from 'uuid';

/** Time-ordered identifier (UUIDv7) for trackingIds and rows listed newest first. */
export function newTimeOrderedId(): string {
  return uuidv7();
}
