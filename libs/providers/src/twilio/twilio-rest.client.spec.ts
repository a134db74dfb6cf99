import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { parseTwilioError } from './twilio-error';
import { TwilioRestClient } from './twilio-rest.client';

interface Received {
  method?: string;
  url?: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

describe(TwilioRestClient.name, () => {
  let server: Server;
  let baseUrl: string;
  let received: Received[];
  let answer: { status: number; body: string; headers?: Record<string, string> };

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method,
          url: request.url,
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: Buffer.concat(chunks).toString('utf8'),
        });
        response.writeHead(answer.status, answer.headers).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  beforeEach(() => {
    received = [];
    answer = { status: 201, body: '{"sid":"SM1"}' };
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const client = () => new TwilioRestClient({ baseUrl, accountSid: 'AC 1', authToken: 'secret' });

  it('posts the form to the account resource with Basic auth, and gives back the parsed body', async () => {
    const form = new URLSearchParams({ To: '+14155550100', Body: 'hi there' });

    const result = await client().request('POST', 'Messages.json', form);

    expect(result).toEqual({
      kind: 'answered',
      httpStatus: 201,
      body: { sid: 'SM1' },
      excerpt: '{"sid":"SM1"}',
      retryAfter: null,
    });
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/2010-04-01/Accounts/AC%201/Messages.json',
        authorization: `Basic ${Buffer.from('AC 1:secret').toString('base64')}`,
        contentType: 'application/x-www-form-urlencoded',
        body: 'To=%2B14155550100&Body=hi+there',
      },
    ]);
  });

  it("keeps a refusal's status, body, one-line excerpt and Retry-After", async () => {
    answer = {
      status: 429,
      body: '{"code": 20429,\n "message": "Too Many Requests"}',
      headers: { 'retry-after': '7' },
    };

    const result = await client().request('GET', 'IncomingPhoneNumbers.json?PhoneNumber=%2B1');

    expect(result).toEqual({
      kind: 'answered',
      httpStatus: 429,
      body: { code: 20429, message: 'Too Many Requests' },
      excerpt: '{"code": 20429, "message": "Too Many Requests"}',
      retryAfter: '7',
    });
    expect(received[0]?.contentType).toBeUndefined();
  });

  it('says why when nothing answers, and when the answer is too slow', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const nowhere = new TwilioRestClient({
      baseUrl: `http://127.0.0.1:${closed}`,
      accountSid: 'AC1',
      authToken: 't',
    });
    expect(await nowhere.request('GET', 'Calls.json')).toEqual({
      kind: 'unreachable',
      reason: expect.stringMatching(/^Twilio is unreachable: .*ECONNREFUSED/),
    });

    const slow = createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const { port } = slow.address() as AddressInfo;
    const stalled = new TwilioRestClient(
      { baseUrl: `http://127.0.0.1:${port}`, accountSid: 'AC1', authToken: 't' },
      200,
    );
    expect(await stalled.request('GET', 'Calls.json')).toEqual({
      kind: 'unreachable',
      reason: 'Twilio did not answer within 200 ms',
    });
    slow.closeAllConnections();
    await new Promise((resolve) => slow.close(resolve));
  });
});

describe(parseTwilioError.name, () => {
  it("reads Twilio's error body, its code sent as a number or as digits", () => {
    expect(
      parseTwilioError({ code: 21211, message: 'Invalid To', more_info: 'https://x' }, 'fallback'),
    ).toEqual({ code: 21211, message: 'Invalid To', moreInfo: 'https://x' });
    expect(parseTwilioError({ code: '20003', message: 'Auth' }, 'fallback')).toEqual({
      code: 20003,
      message: 'Auth',
      moreInfo: undefined,
    });
  });

  it('falls back to the excerpt for a body that is not an error object', () => {
    expect(parseTwilioError(undefined, '<html>Bad Gateway</html>')).toEqual({
      message: '<html>Bad Gateway</html>',
    });
    expect(parseTwilioError(['x'], 'excerpt')).toEqual({ message: 'excerpt' });
    expect(parseTwilioError({ code: 1.5, message: 7 }, 'excerpt')).toEqual({
      code: undefined,
      message: 'excerpt',
      moreInfo: undefined,
    });
  });
});
