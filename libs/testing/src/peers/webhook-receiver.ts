import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';

/** A request the receiver took: its headers (one string each) and its body. */
export interface ReceivedWebhook {
  headers: Record<string, string>;
  body: string;
}

/**
 * A customer's events webhook endpoint on loopback: records every request and answers each with
 * the status `statusOf` gives it (1 for the first request), 200 by default.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      this.received.push({
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        ),
        body,
      });
      response.writeHead(this.statusOf(this.received.length)).end();
    });
  });

  private constructor(private readonly statusOf: (requestNumber: number) => number) {}

  static async start(
    statusOf: (requestNumber: number) => number = () => 200,
  ): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(statusOf);
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** The endpoint to configure: `/clarion` on the receiver's port. */
  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/clarion`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
