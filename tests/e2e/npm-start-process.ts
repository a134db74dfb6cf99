import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { eventually } from '@clarion/testing';

/**
 * `npm start` as a terminal runs it: in a process group of its own, which a Ctrl-C signals as a
 * whole (the launcher, npm and the services alike).
 */
export class NpmStartProcess {
  private readonly chunks: string[] = [];
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(private readonly child: ChildProcess) {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.on('data', (chunk: Buffer) => this.chunks.push(chunk.toString('utf8')));
    }
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
  }

  static start(cwd: string, env: NodeJS.ProcessEnv): NpmStartProcess {
    return new NpmStartProcess(
      spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  }

  get output(): string {
    return this.chunks.join('');
  }

  get groupId(): number {
    if (this.child.pid === undefined) throw new Error('npm start did not start');
    return this.child.pid;
  }

  async waitForOutput(text: string, timeoutMs: number): Promise<void> {
    await eventually(() => (this.output.includes(text) ? true : undefined), {
      timeoutMs,
      intervalMs: 100,
    }).catch(() => {
      throw new Error(`npm start never printed "${text}":\n${this.output.slice(-4000)}`);
    });
  }

  /** Ctrl-C: SIGINT to the whole group; how it exited and how long that took. */
  async interrupt(timeoutMs: number): Promise<{ code: number | null; tookMs: number }> {
    const started = Date.now();
    process.kill(-this.groupId, 'SIGINT');
    const timeout = new Promise<'timeout'>((resolve) =>
      setTimeout(() => resolve('timeout'), timeoutMs).unref(),
    );
    const exited = await Promise.race([this.exit, timeout]);
    if (exited === 'timeout') throw new Error(`npm start still runs ${timeoutMs} ms after Ctrl-C`);
    return { code: exited.code, tookMs: Date.now() - started };
  }

  /** After a failed test: nothing of the group may outlive it (the servers follow on their own). */
  killGroup(): void {
    try {
      process.kill(-this.groupId, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Processes still in process group `groupId`, or whose command line names `text`. */
export function processesLeft(groupId: number, text: string): string[] {
  if (!existsSync('/proc/self/stat')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid)
    .flatMap((pid) => {
      try {
        // The process group is the 5th field of stat, after "pid (comm) state ppid".
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const afterName = stat.slice(stat.lastIndexOf(')') + 2);
        const group = Number(afterName.split(' ')[2]);
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return group === groupId || commandLine.includes(text) ? [`${pid} ${commandLine}`] : [];
      } catch {
        return []; // exited meanwhile
      }
    });
}
