/**
 * The bytes of messages the listener is receiving and has not yet stored, against one limit for
 * all connections: a message is refused (452, try later) rather than letting memory grow with the
 * number of senders. Bytes count from their arrival until their message is stored or refused.
 */
export class BytesInFlight {
  private held = 0;

  constructor(readonly limit: number) {}

  /** Whether a message of `declaredSize` bytes (0 when it declared none) could start now. */
  hasRoomFor(declaredSize: number): boolean {
    return this.held + declaredSize <= this.limit;
  }

  /** Holds `bytes` more, or answers false (holding nothing) when they would pass the limit. */
  take(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  release(bytes: number): void {
    this.held -= bytes;
  }
}
