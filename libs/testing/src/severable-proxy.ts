import { createConnection, createServer, Server, Socket } from 'node:net';

/**
 * A loopback TCP proxy that can cut the line: to give a system a PostgreSQL (or any server)
 * outage of a chosen length without stopping the server that other tests share. While severed,
 * open connections are reset and new ones closed at once, as a crashed server would.
 */
export class SeverableProxy {
  private readonly sockets = new Set<Socket>();
  private server?: Server;
  private severed = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = createServer((client) => this.relay(client));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  sever(): void {
    this.severed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  restore(): void {
    this.severed = false;
  }

  async stop(): Promise<void> {
    this.sever();
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  /** `url` with its host and port replaced by this proxy's. */
  rewrite(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  private relay(client: Socket): void {
    if (this.severed) {
      client.destroy();
      return;
    }
    const upstream = createConnection(this.targetPort, this.targetHost);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
