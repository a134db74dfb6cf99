// Starts a server under tools/server-guard.mjs, detached in a process group of its own, with its
// output appended to a log file. The launcher's end of the guard's stdin is the server's lifeline.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GUARD = join(dirname(fileURLToPath(import.meta.url)), 'server-guard.mjs');
const STOP_TIMEOUT_MS = 20_000;

/**
 * @param {{ command: string, args: string[], stopSignal: NodeJS.Signals, logFile: string,
 *   uid?: number, gid?: number }} server
 * @returns {{ exited: () => boolean, exitCode: Promise<number | null>, stop: () => Promise<void>,
 *   logTail: () => string }}
 */
export function startGuardedServer({ command, args, stopSignal, logFile, uid, gid }) {
  const log = openSync(logFile, 'a');
  const guard = spawn(
    process.execPath,
    [GUARD, JSON.stringify({ command, args, stopSignal, uid, gid })],
    { detached: true, stdio: ['pipe', log, log] },
  );
  closeSync(log);
  let hasExited = false;
  const exitCode = new Promise((resolve) =>
    guard.once('exit', (code) => {
      hasExited = true;
      resolve(code);
    }),
  );
  return {
    exited: () => hasExited,
    exitCode,
    stop: async () => {
      if (hasExited) return;
      guard.stdin?.end();
      const timer = setTimeout(() => killGroup(guard.pid), STOP_TIMEOUT_MS);
      await exitCode;
      clearTimeout(timer);
    },
    logTail: () => lastLines(logFile, 3),
  };
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function lastLines(file, count) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-count).join(' | ');
  } catch {
    return '';
  }
}
