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
 * now.
 */
async function freeHealthPortBase(): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const base =
      20_000 + Math.floor(Math.random() * (EPHEMERAL_PORTS_START - 20_000 - SERVICES - 2));
    // The gateway's health port is the one before the base (tools/start.mjs counts from it).
    const free = await Promise.all(
      Array.from({ length: SERVICES + 3 }, (_, offset) => isFree(base - 1 + offset)),
    );
    if (free.every(Boolean)) return base;
  }
  throw new Error(
    `no run of ${SERVICES + 2} free ports for the health endpoints, voice media and SMTP`,
  );
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
