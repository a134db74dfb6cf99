import { createServer } from 'node:net';
import { SERVICE_NAMES } from '@clarion/contracts';
import { freePort } from './free-port';

/** tools/start.mjs gives each service a health port, from HEALTH_PORT_BASE on. */
const SERVICES = SERVICE_NAMES.length;
/** Linux hands out ephemeral ports from 32768: health ports stay below, or a client may hold one. */
const EPHEMERAL_PORTS_START = 32_768;

/** The ports of a whole system as `npm start` runs it, all free right now, as its environment. */
export async function freeStartPorts(): Promise<{
  GATEWAY_PORT: string;
  HEALTH_PORT_BASE: string;
  VOICE_MEDIA_PORT: string;
  EMAIL_INBOUND_PORT: string;
}> {
  const healthPortBase = await freeHealthPortBase();
  return {
    GATEWAY_PORT: String(await freePort()),
    HEALTH_PORT_BASE: String(healthPortBase),
    // The port after the health ports: the voice service's media websockets.
    VOICE_MEDIA_PORT: String(healthPortBase + SERVICES),
    // The port after that: delivery-workers' SMTP listener.
    EMAIL_INBOUND_PORT: String(healthPortBase + SERVICES + 1),
  };
}

/**
 * Health ports and the media and SMTP ports after them, below the ephemeral range, all free right
 * now. The gateway's health port is the one before the base (tools/start.mjs counts from it).
 */
async function freeHealthPortBase(): Promise<number> {
  return (await freePortRun(SERVICES + 3, 'the health endpoints, voice media and SMTP')) + 1;
}

/**
 * The first of `count` consecutive ports below the ephemeral range, all free right now: for
 * servers that listen again on the same port after a restart, which a client's ephemeral port
 * could otherwise have taken in between.
 */
export async function freePortRun(count: number, purpose: string): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const first = 20_000 + Math.floor(Math.random() * (EPHEMERAL_PORTS_START - 20_000 - count));
    const free = await Promise.all(
      Array.from({ length: count }, (_, offset) => isFree(first + offset)),
    );
    if (free.every(Boolean)) return first;
  }
  throw new Error(`no run of ${count} free ports for ${purpose}`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
