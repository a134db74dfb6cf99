/**
 * The bytes of accepted messages the consumer reads at once (mailparser holds a message, its
 * text and its attachments whole): a message waits until its bytes fit, so a batch of large
 * messages is read a few at a time. One larger than the limit is read alone.
 */
export class BytesBeingRead {
  private held = 0;
  private readonly waiting: { bytes: number; start: () => void }[] = [];

  constructor(readonly limit: number) {}

  async whileHolding<T>(bytes: number, read: () => Promise<T>): Promise<T> {
    await this.acquire(bytes);
    try {
      return await read();
    } finally {
      this.held -= bytes;
      this.startWaiting();
    }
  }

  private acquire(bytes: number): Promise<void> {
    if (this.fits(bytes) && this.waiting.length === 0) {
      this.held += bytes;
      return Promise.resolve();
    }
    return new Promise((start) => this.waiting.push({ bytes, start }));
  }

  private fits(bytes: number): boolean {
    return this.held === 0 || this.held + bytes <= this.limit;
  }

  private startWaiting(): void {
    let next = this.waiting[0];
    while (next && this.fits(next.bytes)) {
      this.waiting.shift();
      this.held += next.bytes;
      next.start();
      next = this.waiting[0];
    }
  }
}
