import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

type Route = (response: ServerResponse, request: IncomingMessage) => void;

/** How much of an endless download the peer wrote before the client hung up. */
export interface StreamedDownload {
  bytesWritten: number;
  closed: boolean;
}

/** An HTTP server on loopback serving the files (and failures) attachments are fetched from. */
export class HttpFilePeer {
  private readonly routes = new Map<string, Route>();
  private readonly server = createServer((request, response) => {
    const route = this.routes.get(new URL(request.url ?? '/', 'http://peer').pathname);
    if (route) return route(response, request);
    response.writeHead(404).end('not found');
  });

  static async start(): Promise<HttpFilePeer> {
    const peer = new HttpFilePeer();
    await new Promise<void>((resolve) => peer.server.listen(0, '127.0.0.1', resolve));
    return peer;
  }

  url(path: string): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}${path}`;
  }

  serve(path: string, status: number, body: Buffer | string, headers: Record<string, string> = {}) {
    this.routes.set(path, (response) => response.writeHead(status, headers).end(body));
  }

  /** Streams `totalBytes` in chunks, as fast as the client reads, and tracks what was written. */
  serveStream(path: string, totalBytes: number, headers: Record<string, string> = {}) {
    const download: StreamedDownload = { bytesWritten: 0, closed: false };
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    this.routes.set(path, (response) => {
      response.writeHead(200, { 'content-type': 'application/octet-stream', ...headers });
      response.on('close', () => (download.closed = true));
      const writeMore = () => {
        while (download.bytesWritten < totalBytes && !download.closed) {
          download.bytesWritten += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', writeMore);
        }
        if (!download.closed) response.end();
      };
      writeMore();
    });
    return download;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
