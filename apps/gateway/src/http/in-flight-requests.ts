import { Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';

/** How long a stopping gateway waits for the requests in flight before cutting them off. */
export const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * The gateway's requests in flight, finished before it stops. Made before the application
 * listens (its hook must precede the routes).
 */
export class InFlightRequests {
  private stopping = false;
  private readonly connections = new Set<Socket>();

  constructor(private readonly app: NestFastifyApplication) {
    app.getHttpServer().on('connection', (socket: Socket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
    // Once stopping, every answer closes its connection, so a keep-alive client moves on.
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('onSend', (_request, reply, payload, done) => {
        if (this.stopping) void reply.header('connection', 'close');
        done(null, payload);
      });
  }

  /**
   * The first step of a stop: no new connections, and every request in flight (on a keep-alive
   * connection too) is answered, with `Connection: close`, before the NATS connection those
   * requests need is closed with the rest of the application. Connections still busy after
   * `graceMs` (a voice media stream, a client that never finishes its body) are cut.
   */
  async finish(graceMs = IN_FLIGHT_GRACE_MS): Promise<void> {
    this.stopping = true;
    const closed = this.app
      .getHttpAdapter()
      .getInstance()
      .close()
      .then(() => true);
    this.closeUnusedConnections();
    const finished = await Promise.race([closed, delay(graceMs, false, { ref: false })]);
    if (finished) return;
    new Logger('Shutdown').warn(`requests still in flight after ${graceMs} ms are cut off`);
    this.app.getHttpServer().closeAllConnections();
    await closed;
  }

  /**
   * Connections that never carried a byte: clients open spare ones (fetch does, browsers
   * preconnect), and Node counts them busy until their headers timeout (a minute), which would
   * hold every stop up for its whole grace. Nothing is in flight on them.
   */
  private closeUnusedConnections(): void {
    for (const socket of this.connections) if (socket.bytesRead === 0) socket.destroy();
  }
}
