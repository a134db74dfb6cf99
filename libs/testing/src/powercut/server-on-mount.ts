import { GuardedServer } from '../guarded-server';

/** A server whose data lives on a powercut-fs mount, run by the GuardedServer of its latest start. */
export abstract class ServerOnMount {
  protected server?: GuardedServer;

  /** Its processes (PostgreSQL's: the postmaster and its backends), to cut the power of. */
  processIds(): number[] {
    return this.server?.processIds() ?? [];
  }

  logTail(lines?: number): string {
    return this.server?.logTail(lines) ?? '';
  }

  stop(): Promise<void> {
    return this.server?.stop() ?? Promise.resolve();
  }
}
