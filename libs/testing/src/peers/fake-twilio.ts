import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** A request the fake received, after its Basic auth and content type were checked. */
export interface ReceivedTwilioRequest {
  method: string;
  /** Below `/2010-04-01/Accounts/{Sid}/`, e.g. `Messages.json`. */
  resource: string;
  query: URLSearchParams;
  form: URLSearchParams;
}

/** An answer the test dictates instead of the fake's own; `hang` never answers. */
export type DictatedReply =
  { status: number; body: string; headers?: Record<string, string> } | 'hang';

/**
 * A loopback HTTP peer that speaks Twilio's REST wire format for the test of the adapters:
 * Basic auth, form-encoded POSTs to Messages.json and Calls.json, IncomingPhoneNumbers.json
 * lookups, Twilio's JSON answers and error bodies.
 */
export class FakeTwilio {
  readonly requests: ReceivedTwilioRequest[] = [];
  readonly accountNumbers = new Set<string>();
  private readonly dictated: DictatedReply[] = [];

  private constructor(
    private readonly server: Server,
    readonly accountSid: string,
    readonly authToken: string,
  ) {}

  static async start(accountSid: string, authToken: string): Promise<FakeTwilio> {
    const server = createServer();
    const fake = new FakeTwilio(server, accountSid, authToken);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void fake.answer(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Answers the next authenticated request with `reply`. */
  replyNext(reply: DictatedReply): void {
    this.dictated.push(reply);
  }

  requestsTo(resource: string): ReceivedTwilioRequest[] {
    return this.requests.filter((request) => request.resource.startsWith(resource));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const prefix = `/2010-04-01/Accounts/${this.accountSid}/`;
    const expectedAuth = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expectedAuth || !url.pathname.startsWith(prefix)) {
      return send(response, 401, twilioError(20003, 'Authenticate', 401));
    }
    const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
    if (request.method === 'POST' && !isForm) {
      return send(response, 400, twilioError(20001, 'Expected a form-encoded body', 400));
    }
    const received: ReceivedTwilioRequest = {
      method: request.method ?? '',
      resource: url.pathname.slice(prefix.length),
      query: url.searchParams,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
    };
    this.requests.push(received);

    const dictated = this.dictated.shift();
    if (dictated === 'hang') return;
    if (dictated) return send(response, dictated.status, dictated.body, dictated.headers);
    return this.answerAsTwilio(received, response);
  }

  private answerAsTwilio(request: ReceivedTwilioRequest, response: ServerResponse): void {
    const { form } = request;
    switch (`${request.method} ${request.resource}`) {
      case 'POST Messages.json': {
        const media = form.getAll('MediaUrl').length;
        if (!form.get('To') || !form.get('From') || (!form.get('Body') && media === 0)) {
          return send(response, 400, twilioError(21602, 'Message body is required.', 400));
        }
        const segments = Math.max(1, Math.ceil((form.get('Body') ?? '').length / 153));
        const message = {
          sid: sid('SM'),
          status: 'queued',
          num_segments: String(segments),
          num_media: String(media),
          price: null,
        };
        return send(response, 201, JSON.stringify(message));
      }
      case 'POST Calls.json':
        if (!form.get('To') || !form.get('From') || !form.get('Twiml')) {
          return send(response, 400, twilioError(21205, 'Url parameter is required.', 400));
        }
        return send(response, 201, JSON.stringify({ sid: sid('CA'), status: 'queued' }));
      default: {
        if (request.method !== 'GET' || !request.resource.startsWith('IncomingPhoneNumbers.json')) {
          return send(
            response,
            404,
            twilioError(20404, 'The requested resource was not found', 404),
          );
        }
        const wanted = request.query.get('PhoneNumber');
        const owned = [...this.accountNumbers].filter((number) => !wanted || number === wanted);
        const page = owned.map((number) => ({ sid: sid('PN'), phone_number: number }));
        return send(response, 200, JSON.stringify({ incoming_phone_numbers: page, page: 0 }));
      }
    }
  }
}

export function twilioError(code: number, message: string, status: number): string {
  return JSON.stringify({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

function send(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(body);
}

function sid(prefix: string): string {
  return prefix + randomBytes(16).toString('hex');
}
