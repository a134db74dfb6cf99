import { ServerResponse } from 'node:http';
import { InboxChange, InboxChangedEntry } from '@clarion/contracts';
import { EndUser } from '../auth/authenticated-request';

/** What a client waits before it reconnects after the connection drops (EventSource's retry). */
const RECONNECT_DELAY_MS = 2_000;
/** A client that reads slower than its frames come is cut off past this much unsent data. */
const MAX_UNSENT_BYTES = 1024 * 1024;

/**
 * One end user's open Server-Sent Events connection. Until `ready` it replays what its client
 * missed (from the cursor it resumed with) and holds back the live changes heard meanwhile; then
 * it writes those it has not replayed already, and every change as it comes.
 */
export class InboxStream {
  private replaying = true;
  private heldBack: InboxChange[] = [];
  private readonly replayed = new Set<string>();
  private closed = false;

  constructor(
    readonly user: EndUser,
    private readonly response: ServerResponse,
  ) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends the headers of an event stream and the client's reconnect delay. */
  open(): void {
    this.response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies that buffer answers (nginx) must pass each frame on at once.
      'x-accel-buffering': 'no',
    });
    this.write(`retry: ${RECONNECT_DELAY_MS}\n\n`);
  }

  /** The entries changed since the client's cursor, oldest first; `reset`: more were missed. */
  replay(entries: InboxChangedEntry[], reset: boolean): void {
    for (const entry of entries) {
      this.replayed.add(keyOf(entry));
      this.notification(entry);
    }
    if (reset) this.write('event: reset\ndata: {}\n\n');
  }

  /**
   * Ends the replay: the changes held back, then `ready` with the unread count. Answers whether
   * changes were held back (then the count may predate them: the caller asks again).
   */
  ready(unread: number): boolean {
    const heldBack = this.heldBack.length > 0;
    for (const change of this.heldBack) {
      for (const entry of change.entries) {
        if (!this.replayed.has(keyOf(entry))) this.notification(entry);
      }
    }
    this.heldBack = [];
    this.replayed.clear();
    this.replaying = false;
    this.write(`event: ready\ndata: ${JSON.stringify({ unread })}\n\n`);
    return heldBack;
  }

  /** A change of the user's inbox, heard from notifications. */
  deliver(change: InboxChange): void {
    if (this.replaying) {
      this.heldBack.push(change);
      return;
    }
    change.entries.forEach((entry) => this.notification(entry));
    if (change.unread !== undefined) this.unread(change.unread);
  }

  unread(count: number): void {
    if (!this.replaying)
      this.write(`event: unread\ndata: ${JSON.stringify({ unread: count })}\n\n`);
  }

  /** A comment: keeps proxies from closing an idle connection, and finds dead ones. */
  ping(): void {
    this.write(': ping\n\n');
  }

  /** Asks the client to reconnect (with its last id) and closes: drain, lifetime, cap, bus lost. */
  askToReconnect(): void {
    this.write('event: reconnect\ndata: {}\n\n');
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.response.end();
  }

  private notification(entry: InboxChangedEntry): void {
    this.write(`id: ${entry.cursor}\nevent: notification\ndata: ${JSON.stringify(entry)}\n\n`);
  }

  private write(frame: string): void {
    if (this.closed) return;
    if (this.response.writableLength > MAX_UNSENT_BYTES) {
      this.closed = true;
      this.response.destroy();
      return;
    }
    this.response.write(frame);
  }
}

function keyOf(entry: InboxChangedEntry): string {
  return `${entry.id}\u0000${entry.cursor}`;
}
