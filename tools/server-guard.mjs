#!/usr/bin/env node
// Runs one server that `npm start` (or a test run) started: `nats-server` or the embedded
// PostgreSQL. The launcher spawns this guard in a process group of its own, so a terminal's Ctrl-C
// reaches only the launcher and its services; the launcher stops the services first and then
// ends the guard's stdin. The guard stops its server when stdin ends for any reason: also when the
// launcher died without a word (SIGKILL), the kernel closes the pipe and no server outlives it.
//
// node tools/server-guard.mjs '{"command":…,"args":[…],"stopSignal":"SIGINT","uid":…,"gid":…}'
import { spawn } from 'node:child_process';

const KILL_AFTER_MS = 15_000;
const { command, args, stopSignal, uid, gid } = JSON.parse(process.argv[2] ?? '{}');

// Its output goes wherever the guard's goes (the server's log file); uid and gid only as root.
const server = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], uid, gid });
let stopRequested = false;

function stopServer() {
  if (stopRequested) return;
  stopRequested = true;
  server.kill(stopSignal);
  setTimeout(() => server.kill('SIGKILL'), KILL_AFTER_MS).unref();
}

server.once('error', (error) => {
  process.stderr.write(`${command}: ${error.message}\n`);
  process.exit(1);
});
server.once('exit', (code, signal) => process.exit(stopRequested ? 0 : (code ?? (signal ? 1 : 0))));
process.stdin.once('end', stopServer);
process.stdin.once('error', stopServer);
process.stdin.resume();
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stopServer);
