const MINUTE_MS = 60_000;

/**
 * What one client address may take of the listener (one replica): open connections, and messages
 * started per minute. A sender that holds every connection, or floods, slows only itself.
 */
export class ClientLimits {
  private readonly connections = new Map<string, Set<string>>();
  private readonly messages = new Map<string, { windowStart: number; count: number }>();

  constructor(
    private readonly maxConnections: number,
    private readonly maxMessagesPerMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts the connection in, or answers false when its address holds as many as it may. */
  connect(address: string, sessionId: string): boolean {
    const open = this.connections.get(address) ?? new Set<string>();
    if (open.size >= this.maxConnections) return false;
    this.connections.set(address, open.add(sessionId));
    return true;
  }

  /** Counts the connection out (whether or not it was counted in). */
  disconnect(address: string, sessionId: string): void {
    const open = this.connections.get(address);
    if (open?.delete(sessionId) && open.size === 0) this.connections.delete(address);
  }

  /** Counts a message in, or answers false when its address started its share this minute. */
  startMessage(address: string): boolean {
    const now = this.now();
    this.forgetPastWindows(now);
    const window = this.messages.get(address) ?? { windowStart: now, count: 0 };
    if (window.count >= this.maxMessagesPerMinute) return false;
    window.count++;
    this.messages.set(address, window);
    return true;
  }

  private forgetPastWindows(now: number): void {
    for (const [address, window] of this.messages) {
      if (now - window.windowStart < MINUTE_MS) break;
      this.messages.delete(address);
    }
  }
}
