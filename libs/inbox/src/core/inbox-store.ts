import { InboxNotification, InboxPreferences } from './inbox-types';

/** Everything an inbox view draws. */
export interface InboxState {
  /** Newest first (by `date`), archived ones included (views usually hide them). */
  notifications: InboxNotification[];
  unread: number;
  /** Whether older entries may exist beyond the last loaded page. */
  hasMore: boolean;
  loading: boolean;
  /** Whether the realtime stream is open. */
  connected: boolean;
  preferences?: InboxPreferences;
  /** The last failure's message, for the view to show. */
  error?: string;
}

export type InboxStateListener = (state: InboxState) => void;

/**
 * A tiny observable store: views subscribe and redraw from the state they are given, so the
 * custom element and the React hooks share one source of truth without a framework.
 */
export class InboxStore {
  private state: InboxState = {
    notifications: [],
    unread: 0,
    hasMore: true,
    loading: false,
    connected: false,
  };
  private readonly listeners = new Set<InboxStateListener>();

  get current(): InboxState {
    return this.state;
  }

  /** Calls the listener now and after every change; returns the unsubscribe function. */
  subscribe(listener: InboxStateListener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  update(change: Partial<InboxState>): void {
    this.state = { ...this.state, ...change };
    this.listeners.forEach((listener) => listener(this.state));
  }

  /** Puts entries in (a newer copy replaces the one with the same id), keeping date order. */
  upsert(entries: InboxNotification[]): void {
    const byId = new Map(this.state.notifications.map((entry) => [entry.id, entry]));
    entries.forEach((entry) => byId.set(entry.id, entry));
    const notifications = [...byId.values()].sort(
      (a, b) => Date.parse(b.date) - Date.parse(a.date) || (a.id < b.id ? 1 : -1),
    );
    this.update({ notifications });
  }

  /** Changes local copies at once, before the gateway confirms (the stream re-sends them). */
  patch(ids: string[], change: Partial<InboxNotification>): void {
    const wanted = new Set(ids);
    this.update({
      notifications: this.state.notifications.map((entry) =>
        wanted.has(entry.id) ? { ...entry, ...change } : entry,
      ),
    });
  }
}
