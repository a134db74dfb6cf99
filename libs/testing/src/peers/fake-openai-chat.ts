import { randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/** The next answer of the fake, in the order the test scripted them. */
type ScriptedReply =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: string; args: string; saying: string }
  | { kind: 'failure'; status: number; message: string };

/** Pieces of text and of tool arguments are this long, so the client must put them together. */
const PIECE_LENGTH = 5;

/**
 * A loopback HTTP peer that speaks OpenAI's Chat Completions wire format for the tests of the
 * chained voice model: Bearer auth, `POST /v1/chat/completions`, replies streamed as server-sent
 * events in small pieces (with a keep-alive comment and lines cut across writes, like real
 * servers do), tool calls spread over several deltas, and OpenAI's error bodies.
 */
export class FakeOpenAiChat {
  /** The JSON bodies of the authenticated requests, in order. */
  readonly requests: Array<Record<string, unknown>> = [];
  /** Streams the client hung up on before their end (aborted replies). */
  disconnects = 0;
  private readonly script: ScriptedReply[] = [];
  private hold?: { released: Promise<void>; release: () => void };

  private constructor(
    private readonly server: Server,
    readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<FakeOpenAiChat> {
    const server = createServer();
    const fake = new FakeOpenAiChat(server, apiKey);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void fake.answer(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** Like `https://api.openai.com/v1`. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** The next reply says `text`. Without a scripted reply the fake echoes the last user message. */
  replyWith(text: string): void {
    this.script.push({ kind: 'text', text });
  }

  /**
   * The next reply calls tool `name`, after saying `saying`; `args` as a string are sent as they
   * are (to send arguments that are not JSON).
   */
  callTool(name: string, args: Record<string, unknown> | string, saying = ''): void {
    const text = typeof args === 'string' ? args : JSON.stringify(args);
    this.script.push({ kind: 'tool', name, args: text, saying });
  }

  /** The next request is refused with `status` and an OpenAI error body. */
  failWith(status: number, message: string): void {
    this.script.push({ kind: 'failure', status, message });
  }

  /**
   * Streamed replies stop before their end (finish chunk and `[DONE]`) until the returned
   * function is called: the test sees what the client does while a reply is still coming.
   */
  holdReplyEnds(): () => void {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const hold = { released, release };
    this.hold = hold;
    return () => {
      if (this.hold === hold) this.hold = undefined;
      hold.release();
    };
  }

  close(): Promise<void> {
    this.hold?.release();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return sendError(response, 401, 'Incorrect API key provided.', 'invalid_api_key');
    }
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      return sendError(response, 404, `Unknown request URL: ${request.method} ${request.url}`);
    }
    const body = parseObject(Buffer.concat(chunks).toString('utf8'));
    if (!body) return sendError(response, 400, 'We could not parse the JSON body of your request.');
    this.requests.push(body);

    const reply = this.script.shift() ?? { kind: 'text', text: defaultReply(body) };
    if (reply.kind === 'failure') return sendError(response, reply.status, reply.message);
    if (body.stream !== true) return sendJson(response, 200, completion(reply));
    await this.stream(reply, response);
  }

  private async stream(reply: ScriptedReply, response: ServerResponse): Promise<void> {
    const hungUp = new Promise<void>((resolve) => {
      response.on('close', () => {
        if (!response.writableFinished) this.disconnects += 1;
        resolve();
      });
    });
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    response.write(': keep-alive\n\n');
    for (const choice of deltas(reply)) await writeEventInTwoHalves(response, choice);
    if (this.hold) await Promise.race([this.hold.released, hungUp]);
    await writeEventInTwoHalves(response, { delta: {}, finish_reason: finish(reply) });
    if (!response.destroyed) response.end('data: [DONE]\n\n');
  }
}

function deltas(reply: ScriptedReply): Array<{ delta: Record<string, unknown> }> {
  if (reply.kind === 'failure') return [];
  const text = reply.kind === 'text' ? reply.text : reply.saying;
  const textDeltas = pieces(text).map((content, i) => ({
    delta: i === 0 ? { role: 'assistant', content } : { content },
  }));
  if (reply.kind === 'text') return textDeltas;
  const id = `call_${randomBytes(6).toString('hex')}`;
  const toolDelta = (call: Record<string, unknown>) => ({
    delta: { tool_calls: [{ index: 0, ...call }] },
  });
  return [
    ...textDeltas,
    toolDelta({ id, type: 'function', function: { name: reply.name, arguments: '' } }),
    ...pieces(reply.args).map((part) => toolDelta({ function: { arguments: part } })),
  ];
}

function pieces(text: string): string[] {
  const result: string[] = [];
  for (let at = 0; at < text.length; at += PIECE_LENGTH) {
    result.push(text.slice(at, at + PIECE_LENGTH));
  }
  return result;
}

function finish(reply: ScriptedReply): string {
  return reply.kind === 'tool' ? 'tool_calls' : 'stop';
}

function chunkOf(choice: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'fake',
    choices: [{ index: 0, finish_reason: null, ...choice }],
  };
}

/** Cuts the event's line across two writes with a pause between, as TCP may cut it. */
async function writeEventInTwoHalves(
  response: ServerResponse,
  choice: Record<string, unknown>,
): Promise<void> {
  if (response.destroyed) return;
  const event = `data: ${JSON.stringify(chunkOf(choice))}\n\n`;
  const half = Math.floor(event.length / 2);
  response.write(event.slice(0, half));
  await new Promise((resolve) => setTimeout(resolve, 1));
  if (!response.destroyed) response.write(event.slice(half));
  await new Promise((resolve) => setTimeout(resolve, 1));
}

function completion(reply: Exclude<ScriptedReply, { kind: 'failure' }>): Record<string, unknown> {
  const message =
    reply.kind === 'text'
      ? { role: 'assistant', content: reply.text }
      : {
          role: 'assistant',
          content: reply.saying || null,
          tool_calls: [
            {
              id: 'call_fake',
              type: 'function',
              function: { name: reply.name, arguments: reply.args },
            },
          ],
        };
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    model: 'fake',
    choices: [{ index: 0, message, finish_reason: finish(reply) }],
  };
}

function defaultReply(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const lastUser = messages
    .filter((message): message is { role: string; content: unknown } => {
      return typeof message === 'object' && message !== null && 'role' in message;
    })
    .filter((message) => message.role === 'user' && typeof message.content === 'string')
    .at(-1);
  return lastUser ? `You said: ${String(lastUser.content)}.` : 'Hello.';
}

function sendError(response: ServerResponse, status: number, message: string, code?: string): void {
  sendJson(response, status, {
    error: { message, type: 'invalid_request_error', param: null, code: code ?? null },
  });
}

function sendJson(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
