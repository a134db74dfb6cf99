import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childProcessOf, processTree } from './powercut/process-tree';

const ROOT = join(__dirname, '..', '..', '..');
const GUARD = join(ROOT, 'tools', 'server-guard.mjs');
const STOP_TIMEOUT_MS = 20_000;

export interface GuardedServerOptions {
  command: string;
  args: string[];
  stopSignal: NodeJS.Signals;
  logFile: string;
  uid?: number;
  gid?: number;
}

/**
 * A server run as `npm start` runs its own (tools/server-guard.mjs, in a process group of its
 * own): it stops when this test process ends, however it ends. Unlike `npm start`'s, its
 * processes can be named, to be frozen and killed by a power cut.
 */
export class GuardedServer {
  private readonly exit: Promise<void>;
  private hasExited = false;

  private constructor(
    private readonly guard: ChildProcess,
    private readonly options: GuardedServerOptions,
  ) {
    this.exit = new Promise((resolve) =>
      guard.once('exit', () => {
        this.hasExited = true;
        resolve();
      }),
    );
  }

  static start(options: GuardedServerOptions): GuardedServer {
    const log = openSync(options.logFile, 'a');
    const { command, args, stopSignal, uid, gid } = options;
    const guard = spawn(
      process.execPath,
      [GUARD, JSON.stringify({ command, args, stopSignal, uid, gid })],
      { detached: true, stdio: ['pipe', log, log] },
    );
    closeSync(log);
    return new GuardedServer(guard, options);
  }

  get exited(): boolean {
    return this.hasExited;
  }

  /** Resolves once the guard (and so its server) is gone, however it ended. */
  whenExited(): Promise<void> {
    return this.exit;
  }

  /** The server and every process it started (not the guard). */
  processIds(): number[] {
    const guard = this.guard.pid;
    const server = guard === undefined ? undefined : childProcessOf(guard, this.options.command);
    return server === undefined ? [] : processTree(server);
  }

  /** Stops it as `npm start` does (its stop signal, SIGKILL after 20 s); resolves once it is gone. */
  async stop(): Promise<void> {
    if (this.hasExited) return;
    this.guard.stdin?.end();
    const timer = setTimeout(() => {
      for (const pid of this.processIds()) process.kill(pid, 'SIGKILL');
    }, STOP_TIMEOUT_MS);
    await this.exit;
    clearTimeout(timer);
  }

  logTail(lines = 5): string {
    try {
      return readFileSync(this.options.logFile, 'utf8').trim().split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }
}
