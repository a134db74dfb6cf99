import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { bodyOf } from '../../delivery/test-peers/http-peer-io';

/** One request the receiver got, and whether its Standard Webhooks signature verified. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The verified payload; undefined when the signature did not verify (see `rejection`). */
  payload?: Record<string, unknown>;
  rejection?: string;
}

/** One URL of the receiver. */
export interface WebhookEndpoint {
  url: string;
  path: string;
}

/** How the receiver answers one request. */
export type WebhookAnswer = number | { status: number; headers: Record<string, string> };

/**
 * A customer's webhook endpoint on loopback HTTP: each path verifies signatures with the secret
 * its configuration was given (the `standardwebhooks` library) and answers the statuses it was
 * given in turn, then 200.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly answers = new Map<string, WebhookAnswer[]>();
  private readonly server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const path = request.url ?? '';
      this.received.push({
        path,
        headers: request.headers,
        body,
        ...this.verify(path, request, body),
      });
      const answer = this.answers.get(path)?.shift() ?? 200;
      const { status, headers } =
        typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      response.writeHead(status, headers).end();
    });
  });

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.server.listen(0, '127.0.0.1');
    await once(receiver.server, 'listening');
    return receiver;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new endpoint answering `answers` first; it verifies nothing until `verifyWith`. */
  endpoint(...answers: WebhookAnswer[]): WebhookEndpoint {
    const path = `/hooks/${randomBytes(6).toString('hex')}`;
    this.answers.set(path, answers);
    return { url: `${this.origin}${path}`, path };
  }

  /** The secret Clarion answered when the endpoint was configured. */
  verifyWith(endpoint: WebhookEndpoint, secret: string): void {
    this.secrets.set(endpoint.path, secret);
  }

  requestsTo(path: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.path === path);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private verify(
    path: string,
    request: IncomingMessage,
    body: string,
  ): Pick<ReceivedWebhook, 'payload' | 'rejection'> {
    const secret = this.secrets.get(path);
    if (!secret) return { rejection: 'no endpoint at this path' };
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
    );
    try {
      return { payload: new Webhook(secret).verify(body, headers) as Record<string, unknown> };
    } catch (error) {
      return { rejection: String(error) };
    }
  }
}
