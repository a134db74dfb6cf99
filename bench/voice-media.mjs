#!/usr/bin/env node
// Benchmark of the voice service's media path: one voice process carries N concurrent browser
// calls, each streaming 20 ms μ-law frames (50 a second, as Twilio does) to a loopback
// OpenAI-Realtime-compatible model that speaks every frame straight back. Prints the frames
// relayed per second, the round trip of a frame (caller → voice → model → voice → caller) at
// p50/p99, and the CPU and memory of the voice process while it carries the calls.
//
//   node bench/voice-media.mjs                    200 calls for 20 s
//   node bench/voice-media.mjs --calls 400 --seconds 30
//
// Needs `node tools/build.mjs` first, PostgreSQL at DATABASE_URL and NATS at NATS_URL (the
// defaults are the local ones `npm start` uses). Runs in its own NATS namespace and removes it.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { connect, JSONCodec } from 'nats';
import { WebSocket, WebSocketServer } from 'ws';
import { parseOptionsOrExit } from './cli-options.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node bench/voice-media.mjs [--calls N] [--seconds S]';
const { values: options } = parseOptionsOrExit(
  {
    options: {
      calls: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
  },
  USAGE,
);
const calls = Number(options.calls);
const seconds = Number(options.seconds);
const FRAME_MS = 20;
const FRAME_BYTES = 160;
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clarion';
const namespace = `bench${randomBytes(4).toString('hex')}`;
const codec = JSONCodec();

/** A realtime model that answers every appended caller frame with the same audio at once. */
function startEchoModel() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('connection', (socket) => {
    socket.send(JSON.stringify({ type: 'session.created', session: {} }));
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString());
      if (event.type === 'session.update') {
        socket.send(JSON.stringify({ type: 'session.updated', session: event.session }));
      } else if (event.type === 'input_audio_buffer.append') {
        const delta = { type: 'response.output_audio.delta', response_id: 'r', delta: event.audio };
        socket.send(JSON.stringify(delta));
      }
    });
  });
  return new Promise((done) => server.once('listening', () => done(server)));
}

function freePort() {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => done(port));
    });
  });
}

function startVoice(mediaPort, modelPort) {
  return spawn(process.execPath, [join(root, 'dist/apps/voice/src/main.js')], {
    env: {
      ...process.env,
      NATS_URL: natsUrl,
      DATABASE_URL: databaseUrl,
      CLARION_NAMESPACE: namespace,
      HEALTH_PORT: '0',
      LOG_LEVEL: 'warn',
      VOICE_MEDIA_PORT: String(mediaPort),
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const spec = {
  name: 'Bench',
  instructions: 'Repeat.',
  inbound: { firstAction: 'wait', greeting: 'Hi' },
  outbound: { firstAction: 'wait', opener: 'Hi', voicemailAction: 'hangup' },
  model: { mode: 'realtime', model: 'openai:gpt-realtime', voiceId: 'marin' },
  tools: [],
  variables: [],
  conversation: {
    turnDetection: 'vad',
    minEndOfTurnSilenceMs: 500,
    allowInterruptions: true,
    minInterruptionDurationMs: 200,
    silenceTimeoutSeconds: 600,
    maxCallLengthSeconds: 3600,
  },
  compliance: { recordingEnabled: false },
};

/** @returns {Promise<{ websocket: string }>} */
async function placeCall(nats, accountId) {
  const subject = `${namespace}.voice.call.place`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const reply = await nats.request(subject, codec.encode({ accountId, source: 'web', spec }), {
        timeout: 5_000,
      });
      const envelope = /** @type {{ ok: boolean, data?: unknown, error?: { message: string } }} */ (
        codec.decode(reply.data)
      );
      if (!envelope.ok) throw new Error(envelope.error?.message);
      return /** @type {{ websocket: string }} */ (envelope.data);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** One caller: sends numbered frames and times each one's echo. */
async function openCaller(url, roundTrips) {
  const socket = new WebSocket(url);
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  const streamSid = `MZ${randomUUID().replace(/-/g, '')}`;
  socket.send(JSON.stringify({ event: 'start', streamSid, start: { streamSid } }));
  const sentAt = new Map();
  let sequence = 0;
  let received = 0;
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString());
    if (frame.event !== 'media') return;
    const audio = Buffer.from(frame.media.payload, 'base64');
    const at = sentAt.get(audio.readUInt32BE(0));
    if (at !== undefined) roundTrips.push(performance.now() - at);
    received++;
  });
  return {
    sendFrame() {
      if (socket.readyState !== WebSocket.OPEN) return;
      const audio = Buffer.alloc(FRAME_BYTES, 0xff);
      audio.writeUInt32BE(++sequence, 0);
      sentAt.set(sequence, performance.now());
      socket.send(
        JSON.stringify({ event: 'media', streamSid, media: { payload: audio.toString('base64') } }),
      );
    },
    get sent() {
      return sequence;
    },
    get received() {
      return received;
    },
    hangUp() {
      socket.send(JSON.stringify({ event: 'stop', streamSid }));
      socket.close(1000);
    },
  };
}

/** CPU seconds (user + system) and RSS of a process, from /proc. */
function usageOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuSeconds: ticks / 100, rssMb: (rssPages * 4096) / 1024 / 1024 };
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main() {
  const model = await startEchoModel();
  const mediaPort = await freePort();
  const voice = startVoice(mediaPort, model.address().port);
  const nats = await connect({ servers: natsUrl.split(',') });
  const manager = await nats.jetstreamManager();
  try {
    const accountId = randomUUID();
    const roundTrips = [];
    const callers = [];
    for (let index = 0; index < calls; index++) {
      const placed = await placeCall(nats, accountId);
      const url = new URL(placed.websocket);
      callers.push(
        await openCaller(`ws://127.0.0.1:${mediaPort}${url.pathname}${url.search}`, roundTrips),
      );
    }
    await new Promise((done) => setTimeout(done, 1_000));
    const before = usageOf(voice.pid);
    const started = performance.now();
    const ticker = setInterval(() => callers.forEach((caller) => caller.sendFrame()), FRAME_MS);
    await new Promise((done) => setTimeout(done, seconds * 1_000));
    clearInterval(ticker);
    await new Promise((done) => setTimeout(done, 500));
    const elapsed = (performance.now() - started) / 1000;
    const after = usageOf(voice.pid);
    const sent = callers.reduce((sum, caller) => sum + caller.sent, 0);
    const received = callers.reduce((sum, caller) => sum + caller.received, 0);
    callers.forEach((caller) => caller.hangUp());
    process.stdout.write(
      [
        `calls: ${calls}, ${seconds} s of 20 ms frames each (50 frames/s per call, both ways)`,
        `frames sent: ${sent}, echoed back: ${received} (${((received / sent) * 100).toFixed(2)} %)`,
        `frames relayed/s (both directions): ${((sent + received) / elapsed).toFixed(0)}`,
        `round trip caller → voice → model → voice → caller: p50 ${percentile(roundTrips, 50).toFixed(1)} ms, p99 ${percentile(roundTrips, 99).toFixed(1)} ms`,
        `voice process: ${(((after.cpuSeconds - before.cpuSeconds) / elapsed) * 100).toFixed(0)} % of one core, RSS ${after.rssMb.toFixed(0)} MB`,
        '',
      ].join('\n'),
    );
  } finally {
    voice.kill('SIGTERM');
    await new Promise((done) => voice.once('exit', done));
    for await (const name of manager.streams.names()) {
      if (name.startsWith(`${namespace}_`) || name.includes(`_${namespace}_`)) {
        await manager.streams.delete(name).catch(() => undefined);
      }
    }
    await nats.close();
    model.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
