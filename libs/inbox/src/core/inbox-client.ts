import { InboxApi, InboxApiError } from './inbox-api';
import { InboxState, InboxStateListener, InboxStore } from './inbox-store';
import { InboxStream } from './inbox-stream';
import { InboxCredentials, InboxNotification, InboxPreference } from './inbox-types';

export interface InboxClientOptions {
  /** Entries per page of the list (1–100). */
  pageSize?: number;
  /** Open the realtime stream (default true); without it the list changes only on calls. */
  realtime?: boolean;
}

/**
 * The inbox of one end user, framework-free: loads pages, keeps them current through the
 * realtime stream, and performs the user's actions, optimistically, on a shared store that any
 * view subscribes to.
 */
export class InboxClient {
  readonly api: InboxApi;
  private readonly store = new InboxStore();
  private readonly stream: InboxStream;
  private readonly pageSize: number;
  private readonly realtime: boolean;

  constructor(
    readonly credentials: InboxCredentials,
    options: InboxClientOptions = {},
  ) {
    this.api = new InboxApi(credentials);
    this.pageSize = Math.min(Math.max(options.pageSize ?? 20, 1), 100);
    this.realtime = options.realtime ?? true;
    this.stream = new InboxStream(this.api, {
      // A stream opened without a cursor is live from now on: the list fetched after it covers
      // whatever arrived before (on the first open, or if no frame ever gave a cursor).
      ready: (unread, resumed) => {
        this.store.update({ unread });
        if (!resumed) void this.reload();
      },
      notification: (entry) => this.store.upsert([entry]),
      unread: (unread) => this.store.update({ unread }),
      reset: () => void this.reload(),
      connection: (connected) => this.store.update({ connected }),
    });
  }

  get state(): InboxState {
    return this.store.current;
  }

  subscribe(listener: InboxStateListener): () => void {
    return this.store.subscribe(listener);
  }

  /** Loads the first page and the unread count, then listens for changes. */
  async start(): Promise<void> {
    if (this.realtime) this.stream.start();
    await this.reload();
  }

  stop(): void {
    this.stream.stop();
  }

  /** Replaces what is loaded with the newest page. */
  async reload(): Promise<void> {
    await this.guard(async () => {
      this.store.update({ loading: true });
      const [page, unread] = await Promise.all([
        this.api.list(this.pageSize),
        this.api.unreadCount(),
      ]);
      this.store.update({ notifications: [], hasMore: page.length === this.pageSize, unread });
      this.store.upsert(page);
    });
  }

  /** The next older page (infinite scroll). */
  async loadMore(): Promise<void> {
    const { notifications, hasMore, loading } = this.store.current;
    const oldest = notifications[notifications.length - 1];
    if (!hasMore || loading || oldest === undefined) return;
    await this.guard(async () => {
      this.store.update({ loading: true });
      const page = await this.api.list(this.pageSize, oldest.date);
      this.store.upsert(page);
      this.store.update({ hasMore: page.length === this.pageSize });
    });
  }

  /** Read = seen and opened, as the hosted inbox does when an entry is clicked. */
  async markRead(id: string): Promise<void> {
    const now = new Date();
    const wasUnread = this.find(id)?.seen === false;
    this.store.patch([id], { seen: true, opened: now.toISOString() });
    if (wasUnread) this.store.update({ unread: Math.max(this.store.current.unread - 1, 0) });
    await this.guard(async () => {
      await Promise.all([
        this.api.markSeen({ trackingId: id }),
        this.api.setStatus([id], 'opened', now),
      ]);
      await this.refreshUnread();
    });
  }

  async markAllRead(): Promise<void> {
    this.store.patch(
      this.store.current.notifications.map((entry) => entry.id),
      { seen: true },
    );
    this.store.update({ unread: 0 });
    await this.guard(async () => {
      await this.api.markSeen();
      await this.refreshUnread();
    });
  }

  async archive(id: string): Promise<void> {
    const now = new Date();
    this.store.patch([id], { archived: now.toISOString() });
    await this.guard(() => this.api.setStatus([id], 'archived', now));
  }

  /** The entry's first or second action button was used. */
  async action(id: string, which: 1 | 2): Promise<void> {
    const now = new Date();
    const field = which === 1 ? 'actioned1' : 'actioned2';
    this.store.patch([id], { [field]: now.toISOString() });
    await this.guard(() => this.api.setStatus([id], field, now));
  }

  /** Records that the entry's link was followed. */
  async click(id: string): Promise<void> {
    const now = new Date();
    this.store.patch([id], { clicked: now.toISOString() });
    await this.guard(() => this.api.setStatus([id], 'clicked', now));
  }

  async reply(id: string, message: string): Promise<void> {
    const now = new Date();
    const replies = [...(this.find(id)?.replies ?? []), { date: now.toISOString(), message }];
    this.store.patch([id], { replies });
    await this.guard(() => this.api.reply(id, message, now));
  }

  async loadPreferences(): Promise<void> {
    await this.guard(async () =>
      this.store.update({ preferences: await this.api.getPreferences() }),
    );
  }

  /** Saves one choice and keeps the answer (the user's whole preferences) in the store. */
  async setPreference(preference: InboxPreference): Promise<void> {
    await this.guard(async () =>
      this.store.update({ preferences: await this.api.setPreferences([preference]) }),
    );
  }

  private find(id: string): InboxNotification | undefined {
    return this.store.current.notifications.find((entry) => entry.id === id);
  }

  private async refreshUnread(): Promise<void> {
    this.store.update({ unread: await this.api.unreadCount() });
  }

  /** Failures land in the state for the view, never as unhandled rejections of a click. */
  private async guard(work: () => Promise<void>): Promise<void> {
    try {
      await work();
      this.store.update({ loading: false, error: undefined });
    } catch (error) {
      const message =
        error instanceof InboxApiError || error instanceof Error ? error.message : String(error);
      this.store.update({ loading: false, error: message });
    }
  }
}
