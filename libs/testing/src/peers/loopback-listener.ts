import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An HTTP server on one port of 127.0.0.1 and ::1 that counts every TCP connection it accepts,
 * so a test can prove an outbound request never reached this machine (not only that it failed).
 */
export class LoopbackListener {
  /** TCP connections accepted on either address since start (or the last reset). */
  connections = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly servers: Server[],
    readonly port: number,
  ) {
    for (const server of servers) {
      server.on('connection', (socket: Socket) => {
        this.connections++;
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
      });
    }
  }

  /** Answers 200 "reached" unless `handler` answers otherwise; on 127.0.0.1 and ::1 by default. */
  static async start(
    handler?: Handler,
    hosts: readonly string[] = ['127.0.0.1', '::1'],
  ): Promise<LoopbackListener> {
    const answer: Handler =
      handler ?? ((_request, response) => response.writeHead(200).end('reached'));
    const servers: Server[] = [];
    let port = 0;
    for (const host of hosts) {
      const server = createServer(answer);
      await listen(server, port, host);
      port = (server.address() as AddressInfo).port;
      servers.push(server);
    }
    return new LoopbackListener(servers, port);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(
      this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
    );
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}
