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

/** A number the fake offers in AvailablePhoneNumbers searches and sells through IncomingPhoneNumbers. */
export interface FakeAvailableNumber {
  phoneNumber: string;
  isoCountry: string;
  /** Matched by the search's AreaCode; by default the three digits after +1. */
  areaCode?: string;
  locality?: string;
  region?: string;
  capabilities?: { voice?: boolean; sms?: boolean; mms?: boolean };
}

/** An answer the test dictates instead of the fake's own; `hang` never answers. */
export type DictatedReply =
  { status: number; body: string; headers?: Record<string, string> } | 'hang';

/**
 * A loopback HTTP peer that speaks Twilio's REST wire format for the test of the adapters:
 * Basic auth, form-encoded POSTs to Messages.json and Calls.json, IncomingPhoneNumbers.json
 * lookups, purchases and releases, AvailablePhoneNumbers searches, Twilio's JSON answers and
 * error bodies.
 */
export class FakeTwilio {
  readonly requests: ReceivedTwilioRequest[] = [];
  /** The numbers of the account (E.164); purchases add to it, releases take from it. */
  readonly accountNumbers = new Set<string>();
  /** What searches find and purchases may buy (unless the account has it already). */
  readonly availableNumbers: FakeAvailableNumber[] = [];
  /** Numbers bought through IncomingPhoneNumbers.json and not released, by SID. */
  readonly purchasedNumbers = new Map<string, string>();
  private readonly dictated: DictatedReply[] = [];
  /**
   * Calls placed through Calls.json, by SID, and inbound calls the test announces: the ones a
   * later update or recording may refer to.
   */
  readonly placedCalls = new Set<string>();

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
    const search = /^AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(request.resource);
    if (request.method === 'GET' && search?.[1]) {
      return this.answerSearch(search[1], request.query, response);
    }
    if (request.method === 'POST' && request.resource === 'IncomingPhoneNumbers.json') {
      return this.answerPurchase(form.get('PhoneNumber') ?? '', response);
    }
    const recording = /^Calls\/([A-Za-z0-9]+)\/Recordings\.json$/.exec(request.resource);
    if (request.method === 'POST' && recording?.[1]) {
      return this.answerRecordingStart(recording[1], response);
    }
    const liveCall = /^Calls\/([A-Za-z0-9]+)\.json$/.exec(request.resource);
    if (request.method === 'POST' && liveCall?.[1]) {
      return this.answerCallUpdate(liveCall[1], form, response);
    }
    const incoming = /^IncomingPhoneNumbers\/([A-Za-z0-9]+)\.json$/.exec(request.resource);
    if (request.method === 'DELETE' && incoming?.[1]) {
      return this.answerRelease(incoming[1], response);
    }
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
        return send(response, 201, JSON.stringify({ sid: this.newCallSid(), status: 'queued' }));
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
        const page = owned.map((number) => ({
          sid: this.sidOf(number) ?? sid('PN'),
          phone_number: number,
        }));
        return send(response, 200, JSON.stringify({ incoming_phone_numbers: page, page: 0 }));
      }
    }
  }

  private newCallSid(): string {
    const callSid = sid('CA');
    this.placedCalls.add(callSid);
    return callSid;
  }

  /** A recording of a live call starts; only calls in `placedCalls` exist. */
  private answerRecordingStart(callSid: string, response: ServerResponse): void {
    if (!this.placedCalls.has(callSid)) {
      return send(response, 404, twilioError(20404, 'The requested resource was not found', 404));
    }
    const recording = { sid: sid('RE'), call_sid: callSid, status: 'in-progress' };
    return send(response, 201, JSON.stringify(recording));
  }

  /** A live call redirected with new TwiML (a transfer); only calls placed here exist. */
  private answerCallUpdate(callSid: string, form: URLSearchParams, response: ServerResponse): void {
    if (!this.placedCalls.has(callSid)) {
      return send(response, 404, twilioError(20404, 'The requested resource was not found', 404));
    }
    if (!form.get('Twiml') && !form.get('Url') && !form.get('Status')) {
      return send(response, 400, twilioError(21205, 'Url parameter is required.', 400));
    }
    return send(response, 200, JSON.stringify({ sid: callSid, status: 'in-progress' }));
  }

  private answerSearch(country: string, query: URLSearchParams, response: ServerResponse): void {
    const areaCode = query.get('AreaCode');
    const wanted = (['sms', 'mms', 'voice'] as const).filter(
      (feature) => query.get(`${feature[0]?.toUpperCase()}${feature.slice(1)}Enabled`) === 'true',
    );
    const pageSize = Number(query.get('PageSize') ?? 50);
    const found = this.availableNumbers
      .filter(
        (number) => number.isoCountry === country && !this.accountNumbers.has(number.phoneNumber),
      )
      .filter(
        (number) => !areaCode || (number.areaCode ?? number.phoneNumber.slice(2, 5)) === areaCode,
      )
      .filter((number) => wanted.every((feature) => number.capabilities?.[feature] === true))
      .slice(0, pageSize)
      .map((number) => ({
        friendly_name: number.phoneNumber,
        phone_number: number.phoneNumber,
        locality: number.locality ?? null,
        region: number.region ?? null,
        iso_country: number.isoCountry,
        address_requirements: 'none',
        beta: false,
        capabilities: {
          voice: number.capabilities?.voice ?? false,
          SMS: number.capabilities?.sms ?? false,
          MMS: number.capabilities?.mms ?? false,
          fax: false,
        },
      }));
    send(response, 200, JSON.stringify({ available_phone_numbers: found, uri: '' }));
  }

  private answerPurchase(phoneNumber: string, response: ServerResponse): void {
    const offered = this.availableNumbers.find((number) => number.phoneNumber === phoneNumber);
    if (!offered || this.accountNumbers.has(phoneNumber)) {
      const message = `PhoneNumber ${phoneNumber} is not available.`;
      return send(response, 400, twilioError(21422, message, 400));
    }
    const numberSid = sid('PN');
    this.accountNumbers.add(phoneNumber);
    this.purchasedNumbers.set(numberSid, phoneNumber);
    const incoming = {
      sid: numberSid,
      phone_number: phoneNumber,
      friendly_name: phoneNumber,
      status: 'in-use',
      capabilities: {
        voice: offered.capabilities?.voice ?? false,
        sms: offered.capabilities?.sms ?? false,
        mms: offered.capabilities?.mms ?? false,
        fax: false,
      },
    };
    send(response, 201, JSON.stringify(incoming));
  }

  private answerRelease(numberSid: string, response: ServerResponse): void {
    const phoneNumber = this.purchasedNumbers.get(numberSid);
    if (!phoneNumber) {
      return send(response, 404, twilioError(20404, 'The requested resource was not found', 404));
    }
    this.purchasedNumbers.delete(numberSid);
    this.accountNumbers.delete(phoneNumber);
    send(response, 204, '');
  }

  private sidOf(phoneNumber: string): string | undefined {
    return [...this.purchasedNumbers].find(([, number]) => number === phoneNumber)?.[0];
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
