import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** A loopback OTLP/HTTP collector for specs: each request's body, read whole, goes to `answer`. */
export class LoopbackCollector {
  private readonly server: Server;

  constructor(answer: (request: IncomingMessage, body: Buffer, response: ServerResponse) => void) {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => answer(request, Buffer.concat(chunks), response));
    });
  }

  /** Listens on a free loopback port; answers its base URL. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): void {
    this.server.close();
  }
}
