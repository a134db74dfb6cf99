import { randomUUID } from 'node:crypto';
import {
  createServer,
  IncomingHttpHeaders,
  IncomingMessage,
  Server,
  ServerResponse,
} from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import WebSocket, { RawData, WebSocketServer } from 'ws';

/** One /v1/listen websocket the fake accepted. */
export interface FakeListenConnection {
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The caller audio received, frame by frame, in order. */
  frames: Buffer[];
  /** The JSON control messages received (KeepAlive, CloseStream, …), in order. */
  controls: { type?: unknown }[];
  /** The connection is closed, by either side. */
  closed: boolean;
}

/** One /v1/speak request the fake accepted. */
export interface FakeSpeakRequest {
  query: URLSearchParams;
  text: string;
  /** The μ-law bytes the fake streamed back (all of them, even if the client left early). */
  audio: Buffer;
  /** The client hung up before the whole answer was sent. */
  cancelled: boolean;
}

/** A Deepgram error answer: `{ err_code, err_msg }` with the HTTP status. */
export interface DeepgramRefusal {
  status: number;
  code: string;
  message: string;
}

/** One Results message: a segment of transcript, interim unless `isFinal`. */
export interface FakeSegment {
  isFinal?: boolean;
  speechFinal?: boolean;
}

/** Bytes of fake speech per word: 20 ms of 8 kHz μ-law. */
export const FAKE_SPEECH_BYTES_PER_WORD = 160;

/**
 * A loopback peer speaking Deepgram's wire protocol for the speech adapters' specs: streaming
 * transcription over a websocket on /v1/listen (Token auth on the upgrade, binary audio in,
 * JSON control messages and Results/SpeechStarted/UtteranceEnd out, scripted by the test) and
 * Aura text-to-speech on POST /v1/speak, streamed back as deterministic μ-law in chunks.
 */
export class FakeDeepgram {
  readonly listens: FakeListenConnection[] = [];
  readonly speakRequests: FakeSpeakRequest[] = [];
  /** When set, /v1/speak answers with this error instead of speech. */
  speakRefusal?: DeepgramRefusal;
  /** The pause between streamed chunks of speech. */
  chunkDelayMs = 5;
  private readonly sockets = new Map<FakeListenConnection, WebSocket>();
  /** The TCP socket under each websocket, to write what no websocket library would. */
  private readonly wires = new Map<WebSocket, Socket>();
  private readonly websockets = new WebSocketServer({ noServer: true });

  private constructor(
    private readonly server: Server,
    readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<FakeDeepgram> {
    const server = createServer();
    const fake = new FakeDeepgram(server, apiKey);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void fake.answerSpeak(request, response);
    });
    server.on('upgrade', (request: IncomingMessage, socket: Socket, head: Buffer) => {
      fake.upgrade(request, socket, head);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The latest listen connection (throws when none was opened). */
  get lastListen(): FakeListenConnection {
    const last = this.listens[this.listens.length - 1];
    if (!last) throw new Error('No /v1/listen connection was opened');
    return last;
  }

  /** The caller heard: SpeechStarted, the interim guesses, then the final, turn-ending text. */
  speak(text: string, interim: string[] = []): void {
    this.speechStarted();
    for (const guess of interim) this.results(guess);
    this.results(text, { isFinal: true, speechFinal: true });
  }

  speechStarted(): void {
    this.broadcast({ type: 'SpeechStarted', channel: [0], timestamp: 0 });
  }

  /** A Results message with `text`, interim unless told final. */
  results(text: string, { isFinal = false, speechFinal = false }: FakeSegment = {}): void {
    this.broadcast({
      type: 'Results',
      channel_index: [0, 1],
      duration: 1,
      start: 0,
      is_final: isFinal,
      speech_final: speechFinal,
      channel: { alternatives: [{ transcript: text, confidence: 0.99, words: [] }] },
    });
  }

  utteranceEnd(): void {
    this.broadcast({ type: 'UtteranceEnd', channel: [0, 1], last_word_end: 1 });
  }

  /** Cuts every listen connection without a close handshake, like a network failure. */
  drop(): void {
    for (const socket of this.sockets.values()) socket.terminate();
  }

  /**
   * Sends a frame with a reserved opcode on every listen connection: the client sees a protocol
   * error and then the close, as when a proxy mangles the stream.
   */
  garble(): void {
    for (const websocket of this.sockets.values())
      this.wires.get(websocket)?.write(Buffer.from([0x83, 0x00]));
  }

  close(): Promise<void> {
    this.drop();
    this.websockets.close();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private broadcast(message: Record<string, unknown>): void {
    for (const socket of this.sockets.values()) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    }
  }

  private upgrade(request: IncomingMessage, socket: Socket, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (url.pathname !== '/v1/listen') return refuseUpgrade(socket, 404, 'NOT_FOUND', 'Not found');
    if (request.headers.authorization !== `Token ${this.apiKey}`) {
      return refuseUpgrade(socket, 401, 'INVALID_AUTH', 'Invalid credentials.');
    }
    this.websockets.handleUpgrade(request, socket, head, (websocket) => {
      const connection: FakeListenConnection = {
        query: url.searchParams,
        headers: request.headers,
        frames: [],
        controls: [],
        closed: false,
      };
      this.listens.push(connection);
      this.sockets.set(connection, websocket);
      this.wires.set(websocket, socket);
      websocket.on('message', (data: RawData, isBinary) => {
        const bytes = bytesOf(data);
        if (isBinary) return connection.frames.push(bytes);
        const control = parseObject(bytes.toString('utf8'));
        if (control) connection.controls.push(control);
        if (control?.type === 'CloseStream') {
          websocket.send(JSON.stringify({ type: 'Metadata', request_id: randomUUID() }));
          websocket.close(1000);
        }
      });
      websocket.on('close', () => {
        connection.closed = true;
        this.sockets.delete(connection);
        this.wires.delete(websocket);
      });
    });
  }

  private async answerSpeak(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method !== 'POST' || url.pathname !== '/v1/speak') {
      return sendError(response, 404, 'NOT_FOUND', 'Not found');
    }
    if (request.headers.authorization !== `Token ${this.apiKey}`) {
      return sendError(response, 401, 'INVALID_AUTH', 'Invalid credentials.');
    }
    const wrongQuery = Object.entries({ encoding: 'mulaw', sample_rate: '8000', container: 'none' })
      .filter(([name, value]) => url.searchParams.get(name) !== value)
      .map(([name]) => name);
    if (wrongQuery.length > 0 || !url.searchParams.get('model')) {
      const message = `Unsupported audio settings: ${wrongQuery.join(', ') || 'model'}`;
      return sendError(response, 400, 'UNSUPPORTED_AUDIO_FORMAT', message);
    }
    const text = parseText(Buffer.concat(chunks).toString('utf8'));
    if (text === undefined || !request.headers['content-type']?.startsWith('application/json')) {
      return sendError(response, 400, 'INVALID_BODY', 'Expected a JSON body with a text field');
    }
    if (this.speakRefusal) {
      const { status, code, message } = this.speakRefusal;
      return sendError(response, status, code, message);
    }
    const received: FakeSpeakRequest = {
      query: url.searchParams,
      text,
      audio: fakeSpeech(text),
      cancelled: false,
    };
    this.speakRequests.push(received);
    response.on('close', () => (received.cancelled = !response.writableFinished));
    response.writeHead(200, { 'Content-Type': 'audio/mulaw', 'dg-request-id': randomUUID() });
    await streamFakeSpeech(response, received.audio, this.chunkDelayMs);
  }
}

/**
 * Deterministic μ-law for `text`: 160 bytes per word, each word's bytes derived from its
 * position and letters, so a spec can tell that every byte arrived in order.
 */
export function fakeSpeech(text: string): Buffer {
  const words = text.split(/\s+/).filter(Boolean);
  return Buffer.concat(
    words.map((word, index) => {
      const seed = [...word].reduce((sum, letter) => sum + letter.charCodeAt(0), index * 31);
      return Buffer.from(
        Array.from({ length: FAKE_SPEECH_BYTES_PER_WORD }, (_, i) => (seed + i * 7) & 0xff),
      );
    }),
  );
}

/** Writes `audio` one word (160 bytes) at a time, pausing between writes; stops if the client left. */
export async function streamFakeSpeech(
  response: ServerResponse,
  audio: Buffer,
  delayMs: number,
): Promise<void> {
  for (let offset = 0; offset < audio.length; offset += FAKE_SPEECH_BYTES_PER_WORD) {
    if (response.destroyed) return;
    response.write(audio.subarray(offset, offset + FAKE_SPEECH_BYTES_PER_WORD));
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
  if (!response.destroyed) response.end();
}

function refuseUpgrade(socket: Socket, status: number, code: string, message: string): void {
  const body = JSON.stringify({ err_code: code, err_msg: message, request_id: randomUUID() });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : 'Not Found'}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `dg-error: ${message}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ err_code: code, err_msg: message, request_id: randomUUID() });
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(body);
}

function bytesOf(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

function parseText(raw: string): string | undefined {
  const text = (parseObject(raw) as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : undefined;
}

function parseObject(raw: string): { type?: unknown } | undefined {
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}
