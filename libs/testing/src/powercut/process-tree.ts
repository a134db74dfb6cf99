import { readdirSync, readFileSync } from 'node:fs';

interface ProcessStatus {
  /** R, S, D, T (stopped), Z (zombie) … */
  state: string;
  parent: number;
}

/** The state and parent in a /proc/…/stat file; undefined once it is gone. */
function statusIn(statFile: string): ProcessStatus | undefined {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // "pid (comm) state ppid …": the command may hold spaces and parentheses.
    const [state = '', parent = '0'] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

function statusOf(pid: number): ProcessStatus | undefined {
  return statusIn(`/proc/${pid}/stat`);
}

/**
 * The states of every thread of a process (its first thread can be stopped, or a zombie, while
 * others still run); empty once it is gone.
 */
function threadStates(pid: number): string[] {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .map((thread) => statusIn(`/proc/${pid}/task/${thread}/stat`)?.state)
      .filter((state): state is string => state !== undefined);
  } catch {
    return [];
  }
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function childrenByParent(): Map<number, number[]> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const status = statusOf(Number(entry));
    if (status)
      children.set(status.parent, [...(children.get(status.parent) ?? []), Number(entry)]);
  }
  return children;
}

/**
 * `root` and every process below it (a PostgreSQL server's backends make process groups of
 * their own, so a group signal would miss them); empty once `root` is gone.
 */
export function processTree(root: number): number[] {
  if (!statusOf(root)) return [];
  const children = childrenByParent();
  const tree = [root];
  for (const pid of tree) tree.push(...(children.get(pid) ?? []));
  return tree;
}

/** The child of `parent` whose command line contains `text`, if there is one. */
export function childProcessOf(parent: number, text: string): number | undefined {
  return (childrenByParent().get(parent) ?? []).find((pid) => commandLineOf(pid).includes(text));
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // gone meanwhile
  }
}

const DEAD = ['Z', 'X'];
const isDead = (states: string[]) => states.every((state) => DEAD.includes(state));
const isStopped = (states: string[]) =>
  states.every((state) => state === 'T' || state === 't' || DEAD.includes(state));

async function waitUntil(
  pids: number[],
  reached: (threadStates: string[]) => boolean,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = pids.filter((pid) => !reached(threadStates(pid)));
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`processes ${pending.join(', ')} did not ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Stops every process of the trees of `roots` with SIGSTOP and waits until every thread of each
 * has stopped. A thread inside a file system call stops when the call returns, so once this
 * answers none of them has a write on its way. Processes forked meanwhile are stopped too. Answers them all.
 */
export async function freezeTrees(roots: number[], timeoutMs = 10_000): Promise<number[]> {
  const frozen = new Set<number>();
  for (;;) {
    const found = roots.flatMap(processTree).filter((pid) => !frozen.has(pid));
    if (found.length === 0) return [...frozen];
    for (const pid of found) {
      signal(pid, 'SIGSTOP');
      frozen.add(pid);
    }
    await waitUntil(found, isStopped, 'stop', timeoutMs);
  }
}

/**
 * SIGKILLs `pids` and waits until each is gone, every thread of it (or a zombie its parent has
 * yet to reap): only then are its files closed and its ports free.
 */
export async function killAndWait(pids: number[], timeoutMs = 10_000): Promise<void> {
  for (const pid of pids) signal(pid, 'SIGKILL');
  await waitUntil(pids, isDead, 'die', timeoutMs);
}

/** SIGSTOPs one process and waits until it has stopped (see freezeTrees). */
export async function pauseProcess(pid: number, timeoutMs = 10_000): Promise<void> {
  signal(pid, 'SIGSTOP');
  await waitUntil([pid], isStopped, 'stop', timeoutMs);
}
