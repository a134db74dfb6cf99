/** One Server-Sent Events frame as a client sees it, with when it arrived. */
export interface SseFrame {
  event: string;
  id?: string;
  data: string;
  /** Date.now() when the frame was read. */
  receivedAt: number;
}

/**
 * A plain fetch-based Server-Sent Events client (what a non-browser client of
 * GET /user/inapp/stream does): collects frames as they come; tests wait for the ones they need.
 */
export class SseReader {
  readonly frames: SseFrame[] = [];
  /** The body of a refused stream (its error object). */
  body = '';
  private ended = false;
  private readonly waiters = new Set<() => void>();

  private constructor(
    readonly status: number,
    /** The answer's headers (a refusal's Retry-After). */
    readonly headers: Headers,
    private readonly abort: AbortController,
  ) {}

  /** Opens `url`; answers once the headers came (read `status`; a refusal's body is in `body`). */
  static async open(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
    const abort = new AbortController();
    const response = await fetch(url, { headers, signal: abort.signal });
    const reader = new SseReader(response.status, response.headers, abort);
    if (response.status !== 200 || !response.body) {
      reader.body = await response.text();
      reader.ended = true;
    } else {
      void reader.read(response.body);
    }
    return reader;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** The frames of an event type, in order. */
  of(event: string): SseFrame[] {
    return this.frames.filter((frame) => frame.event === event);
  }

  /** Waits for the first frame from index `from` on that `matches`. */
  next(
    matches: (frame: SseFrame) => boolean,
    { from = 0, timeoutMs = 5_000 } = {},
  ): Promise<SseFrame> {
    return this.until(() => this.frames.slice(from).find(matches), timeoutMs, 'frame');
  }

  /** Waits until the server ended the stream. */
  async end(timeoutMs = 5_000): Promise<void> {
    await this.until(() => (this.ended ? true : undefined), timeoutMs, 'end of stream');
  }

  close(): void {
    this.abort.abort();
  }

  private until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return false;
        clearTimeout(timer);
        this.waiters.delete(waiter);
        resolve(value);
        return true;
      };
      const waiter = () => void check();
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(
          new Error(`no ${what} within ${timeoutMs} ms; frames: ${JSON.stringify(this.frames)}`),
        );
      }, timeoutMs);
      if (!check()) this.waiters.add(waiter);
    });
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let pending = '';
    try {
      for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        let boundary = pending.indexOf('\n\n');
        while (boundary >= 0) {
          this.take(pending.slice(0, boundary));
          pending = pending.slice(boundary + 2);
          boundary = pending.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by the test (abort) or cut by the server: either way the stream ended.
    }
    this.ended = true;
    this.notify();
  }

  private take(block: string): void {
    const frame: SseFrame = { event: 'message', data: '', receivedAt: Date.now() };
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        frame.event = 'comment';
        data.push(line.slice(1).trim());
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') frame.event = value;
      else if (field === 'id') frame.id = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry') frame.event = 'retry';
      if (field === 'retry') data.push(value);
    }
    frame.data = data.join('\n');
    this.frames.push(frame);
    this.notify();
  }

  private notify(): void {
    [...this.waiters].forEach((waiter) => waiter());
  }
}
