import { InboxApi } from './inbox-api';
import { InboxNotification } from './inbox-types';

/** What the stream tells its owner. */
export interface InboxStreamListener {
  /**
   * Opened (after any replay of what was missed): the unread count now, and whether it resumed
   * from a cursor; without one, what changed before it opened is only in a fresh list.
   */
  ready(unread: number, resumed: boolean): void;
  /** A new entry or a changed one: replace the copy with the same id. */
  notification(entry: InboxNotification): void;
  unread(unread: number): void;
  /** More was missed than the gateway replays: fetch the list again. */
  reset(): void;
  connection(connected: boolean): void;
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/**
 * The realtime channel: Server-Sent Events from GET /user/inapp/stream. EventSource cannot send
 * an Authorization header, so each (re)connection first asks for a token of 60 seconds; and
 * because a browser's own retry would reuse an expired token, this class closes a failed source
 * and opens a new one itself, resuming from the id of the last frame it got (`since`), which
 * makes the gateway replay whatever changed meanwhile.
 */
export class InboxStream {
  private source: EventSource | undefined;
  private lastEventId: string | undefined;
  private retryMs = FIRST_RETRY_MS;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private running = false;

  constructor(
    private readonly api: InboxApi,
    private readonly listener: InboxStreamListener,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.open();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.retryTimer);
    this.closeSource();
  }

  private async open(): Promise<void> {
    let url: string;
    try {
      url = this.api.streamUrl((await this.api.streamToken()).token, this.lastEventId);
    } catch {
      this.retryLater();
      return;
    }
    if (!this.running) return;
    const resumed = this.lastEventId !== undefined;
    const source = new EventSource(url);
    this.source = source;
    source.addEventListener('ready', (event) => {
      this.retryMs = FIRST_RETRY_MS;
      this.listener.connection(true);
      this.listener.ready(unreadOf(event), resumed);
    });
    source.addEventListener('notification', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) this.lastEventId = message.lastEventId;
      this.listener.notification(JSON.parse(message.data) as InboxNotification);
    });
    source.addEventListener('unread', (event) => this.listener.unread(unreadOf(event)));
    source.addEventListener('reset', () => this.listener.reset());
    // The gateway drains or the connection is old: come back at once with the last id.
    source.addEventListener('reconnect', () => this.reopen(0));
    source.addEventListener('error', () => this.retryLater());
  }

  private retryLater(): void {
    this.reopen(this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, LONGEST_RETRY_MS);
  }

  private reopen(afterMs: number): void {
    this.closeSource();
    this.listener.connection(false);
    clearTimeout(this.retryTimer);
    if (!this.running) return;
    this.retryTimer = setTimeout(() => void this.open(), afterMs);
  }

  private closeSource(): void {
    this.source?.close();
    this.source = undefined;
  }
}

function unreadOf(event: Event): number {
  const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
  return unread;
}
