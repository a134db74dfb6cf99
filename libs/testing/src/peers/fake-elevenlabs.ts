import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { fakeSpeech, streamFakeSpeech } from './fake-deepgram';

/** One text-to-speech request the fake accepted. */
export interface FakeElevenLabsRequest {
  /** The voice id, decoded from the path. */
  voiceId: string;
  query: URLSearchParams;
  /** The JSON body as received (text, model_id, language_code, voice_settings). */
  body: Record<string, unknown>;
  /** The μ-law bytes the fake streamed back (all of them, even if the client left early). */
  audio: Buffer;
  /** The client hung up before the whole answer was sent. */
  cancelled: boolean;
}

/** An ElevenLabs error answer: `{ detail: { status, message } }` or `{ detail: "…" }`. */
export interface ElevenLabsRefusal {
  status: number;
  detail: { status: string; message: string } | string;
}

/**
 * A loopback peer speaking ElevenLabs' streaming text-to-speech wire format for the adapter's
 * spec: POST /v1/text-to-speech/{voice}/stream with the xi-api-key header and
 * output_format=ulaw_8000, answered with deterministic μ-law (see `fakeSpeech`) in chunks, or
 * with ElevenLabs' error body.
 */
export class FakeElevenLabs {
  readonly requests: FakeElevenLabsRequest[] = [];
  /** When set, every request is answered with this error instead of speech. */
  refusal?: ElevenLabsRefusal;
  /** The pause between streamed chunks of speech. */
  chunkDelayMs = 5;

  private constructor(
    private readonly server: Server,
    readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<FakeElevenLabs> {
    const server = createServer();
    const fake = new FakeElevenLabs(server, apiKey);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void fake.answer(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = /^\/v1\/text-to-speech\/([^/]+)\/stream$/.exec(url.pathname);
    if (request.method !== 'POST' || !path?.[1]) {
      return sendError(response, { status: 404, detail: 'Not Found' });
    }
    if (request.headers['xi-api-key'] !== this.apiKey) {
      const detail = { status: 'invalid_api_key', message: 'Invalid API key' };
      return sendError(response, { status: 401, detail });
    }
    if (url.searchParams.get('output_format') !== 'ulaw_8000') {
      const detail = { status: 'invalid_output_format', message: 'Expected ulaw_8000' };
      return sendError(response, { status: 400, detail });
    }
    const body = parseObject(Buffer.concat(chunks).toString('utf8'));
    if (typeof body?.['text'] !== 'string' || typeof body['model_id'] !== 'string') {
      return sendError(response, {
        status: 400,
        detail: 'Expected a JSON body with text and model_id',
      });
    }
    if (this.refusal) return sendError(response, this.refusal);
    const received: FakeElevenLabsRequest = {
      voiceId: decodeURIComponent(path[1]),
      query: url.searchParams,
      body,
      audio: fakeSpeech(body['text']),
      cancelled: false,
    };
    this.requests.push(received);
    response.on('close', () => (received.cancelled = !response.writableFinished));
    response.writeHead(200, { 'Content-Type': 'audio/basic' });
    await streamFakeSpeech(response, received.audio, this.chunkDelayMs);
  }
}

function sendError(response: ServerResponse, { status, detail }: ElevenLabsRefusal): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ detail }));
}

function parseObject(raw: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
