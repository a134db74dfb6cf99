import { createServer, IncomingMessage, Server, STATUS_CODES } from 'node:http';
import { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import { RawData, WebSocket, WebSocketServer } from 'ws';

/** A client event as the fake received it. */
export interface RealtimeClientEvent {
  type: string;
  [key: string]: unknown;
}

/** What the agent answers when not told what to say: fixed, or from the caller's last words. */
export type ScriptedReply = string | ((lastUserInput: string | undefined) => string);

/** The phrase before the JSON-quoted text of a say-style response.create. */
const SAY_MARKER = 'word for word, and nothing else: ';
/** Two 20 ms frames of μ-law silence. */
const SILENCE = [Buffer.alloc(160, 0xff), Buffer.alloc(160, 0xff)];

interface SpokenResponse {
  id: string;
  itemId: string;
  transcript: string;
  audio: Buffer[];
  held: boolean;
  audioSent: boolean;
  timer?: NodeJS.Timeout;
}

/**
 * A loopback websocket peer that speaks OpenAI's Realtime wire protocol (GA event names) for the
 * test of the realtime adapter: Bearer auth and the model query on the upgrade, session.update
 * answered with session.updated, scripted responses (μ-law audio deltas, the transcript, tool
 * calls), a simulated caller (speech started/stopped, transcription, barge-in that cancels the
 * response like interrupt_response), and the errors and dropped connections of the real thing.
 */
export class FakeOpenAiRealtime {
  /** Every client event, in order, across connections. */
  readonly events: RealtimeClientEvent[] = [];
  /** The `model` query of each accepted connection. */
  readonly models: string[] = [];
  /** The close code of each connection that ended. */
  readonly closeCodes: number[] = [];
  /** Time between response.created and the first audio, to make latency measurable. */
  answerDelayMs = 0;
  private accepted = 0;
  private client?: WebSocket;
  private session: Record<string, unknown> = {};
  private reply: ScriptedReply = 'Sure, I can help with that.';
  private lastUserInput?: string;
  private nextTool?: { name: string; args: Record<string, unknown> };
  private nextAudio?: Buffer[];
  private holdNext = false;
  private sessionRefusal?: { code: string; message: string };
  private active?: SpokenResponse;
  private lastId = 0;

  private constructor(
    private readonly server: Server,
    private readonly sockets: WebSocketServer,
    readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<FakeOpenAiRealtime> {
    const server = createServer();
    const fake = new FakeOpenAiRealtime(server, new WebSocketServer({ noServer: true }), apiKey);
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) =>
      fake.upgrade(request, socket, head),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  /** The REST base, as configured for OpenAI (the adapter derives ws://…/v1/realtime). */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Connections that passed the key and model checks. */
  get sessions(): number {
    return this.accepted;
  }

  /** The client events of one type, in order. */
  eventsOfType(type: string): RealtimeClientEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  /** What the agent answers from now on, unless asked to say something word for word. */
  replyWith(reply: ScriptedReply): void {
    this.reply = reply;
  }

  /** The next response calls this tool instead of speaking. */
  callToolNext(name: string, args: Record<string, unknown>): void {
    this.nextTool = { name, args };
  }

  /** The μ-law chunks of the next spoken response (two frames of silence otherwise). */
  playAudioNext(chunks: Buffer[]): void {
    this.nextAudio = chunks;
  }

  /** The next spoken response streams its audio, then waits for finishResponse or barge-in. */
  holdNextResponse(): void {
    this.holdNext = true;
  }

  /** Ends a held response as completed: its transcript, then response.done. */
  finishResponse(): void {
    if (this.active?.audioSent) this.complete(this.active, 'completed');
  }

  /** The caller says `text`: a whole turn, answered when the session has create_response. */
  callerSays(text: string): void {
    this.callerStartsSpeaking();
    this.callerStopsSpeaking(text);
  }

  /** Voice activity; cuts a response off when the session has interrupt_response. */
  callerStartsSpeaking(): void {
    this.emit({
      type: 'input_audio_buffer.speech_started',
      audio_start_ms: 0,
      item_id: this.id('item'),
    });
    if (this.active && this.turnDetection('interrupt_response')) {
      this.complete(this.active, 'cancelled');
    }
  }

  callerStopsSpeaking(transcript: string): void {
    const itemId = this.id('item');
    this.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 0, item_id: itemId });
    this.emit({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: itemId,
      content_index: 0,
      transcript,
    });
    if (transcript) this.lastUserInput = transcript;
    if (this.turnDetection('create_response') && !this.active) this.createResponse(undefined);
  }

  /** Answers the next session.update with this error instead of session.updated. */
  refuseSession(code: string, message: string): void {
    this.sessionRefusal = { code, message };
  }

  /** An `error` event, as the server sends when it refuses a client event or breaks down. */
  sendError(code: string, message: string): void {
    this.emit({
      type: 'error',
      error: { type: 'invalid_request_error', code, message, param: null },
    });
  }

  /** Any server event, as is (an event_id is added). */
  emit(event: { type: string } & Record<string, unknown>): void {
    this.sendFrame(JSON.stringify({ event_id: this.id('event'), ...event }));
  }

  /** A raw text frame, e.g. one that is not JSON. */
  sendFrame(text: string): void {
    if (this.client?.readyState === WebSocket.OPEN) this.client.send(text);
  }

  /** The connection breaks without a close handshake. */
  dropConnection(): void {
    this.client?.terminate();
  }

  async close(): Promise<void> {
    clearTimeout(this.active?.timer);
    for (const client of this.sockets.clients) client.terminate();
    await new Promise<void>((resolve) => this.sockets.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined);
    const url = new URL(request.url ?? '/', 'http://fake');
    const model = url.searchParams.get('model');
    if (url.pathname !== '/v1/realtime') {
      return refuseUpgrade(socket, 404, openAiError('Not found', 'not_found'));
    }
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      const message =
        'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.';
      return refuseUpgrade(socket, 401, openAiError(message, 'invalid_api_key'));
    }
    if (!model) {
      return refuseUpgrade(
        socket,
        400,
        openAiError('Missing required parameter: model', 'missing_model'),
      );
    }
    this.sockets.handleUpgrade(request, socket, head, (client) => this.accept(client, model));
  }

  private accept(client: WebSocket, model: string): void {
    this.accepted += 1;
    this.models.push(model);
    this.client = client;
    this.session = {};
    this.active = undefined;
    client.on('message', (data, isBinary) => this.receive(data, isBinary));
    client.on('close', (code) => this.closeCodes.push(code));
    client.on('error', () => undefined);
    this.emit({
      type: 'session.created',
      session: { id: this.id('sess'), type: 'realtime', model },
    });
  }

  private receive(data: RawData, isBinary: boolean): void {
    const event = isBinary ? undefined : parseClientEvent(data);
    if (!event) return;
    this.events.push(event);
    switch (event.type) {
      case 'session.update':
        return this.updateSession(event);
      case 'conversation.item.create':
        return this.addItem(event);
      case 'response.create':
        if (this.active) {
          return this.sendError(
            'conversation_already_has_active_response',
            `Conversation already has an active response in progress: ${this.active.id}.`,
          );
        }
        return this.createResponse(event);
      case 'response.cancel':
        if (this.active) return this.complete(this.active, 'cancelled');
        return this.sendError(
          'response_cancel_not_active',
          'Cancellation failed: no active response found',
        );
      default:
        return;
    }
  }

  private updateSession(event: RealtimeClientEvent): void {
    const refusal = this.sessionRefusal;
    this.sessionRefusal = undefined;
    if (refusal) return this.sendError(refusal.code, refusal.message);
    this.session = isObject(event['session']) ? event['session'] : {};
    this.emit({ type: 'session.updated', session: { ...this.session, id: this.id('sess') } });
  }

  private addItem(event: RealtimeClientEvent): void {
    const item = isObject(event['item']) ? event['item'] : {};
    const [content] = Array.isArray(item['content']) ? (item['content'] as unknown[]) : [];
    if (isObject(content) && typeof content['text'] === 'string') {
      this.lastUserInput = content['text'];
    }
    this.emit({ type: 'conversation.item.done', item: { id: this.id('item'), ...item } });
  }

  /** `request` is the client's response.create, undefined when the server answers a turn. */
  private createResponse(request: RealtimeClientEvent | undefined): void {
    const id = this.id('resp');
    this.emit({ type: 'response.created', response: { id, status: 'in_progress', output: [] } });
    const tool = this.nextTool;
    this.nextTool = undefined;
    if (tool) {
      const call = { item_id: this.id('item'), call_id: this.id('call'), name: tool.name };
      const args = JSON.stringify(tool.args);
      this.emit({
        type: 'response.function_call_arguments.done',
        response_id: id,
        ...call,
        arguments: args,
      });
      this.emit({ type: 'response.done', response: { id, status: 'completed' } });
      return;
    }
    const response: SpokenResponse = {
      id,
      itemId: this.id('item'),
      transcript: this.transcriptFor(request),
      audio: this.nextAudio ?? SILENCE,
      held: this.holdNext,
      audioSent: false,
    };
    this.nextAudio = undefined;
    this.holdNext = false;
    this.active = response;
    if (this.answerDelayMs > 0) {
      response.timer = setTimeout(() => this.stream(response), this.answerDelayMs);
    } else {
      this.stream(response);
    }
  }

  private stream(response: SpokenResponse): void {
    for (const chunk of response.audio) {
      this.emit({
        type: 'response.output_audio.delta',
        response_id: response.id,
        item_id: response.itemId,
        delta: chunk.toString('base64'),
      });
    }
    response.audioSent = true;
    if (!response.held) this.complete(response, 'completed');
  }

  private complete(response: SpokenResponse, status: 'completed' | 'cancelled'): void {
    clearTimeout(response.timer);
    this.active = undefined;
    if (response.audioSent) {
      this.emit({
        type: 'response.output_audio_transcript.done',
        response_id: response.id,
        item_id: response.itemId,
        transcript: response.transcript,
      });
    }
    this.emit({ type: 'response.done', response: { id: response.id, status } });
  }

  private transcriptFor(request: RealtimeClientEvent | undefined): string {
    const instructions = isObject(request?.['response'])
      ? request['response']['instructions']
      : undefined;
    const quoted = typeof instructions === 'string' ? instructions.split(SAY_MARKER)[1] : undefined;
    if (quoted !== undefined) {
      try {
        const text: unknown = JSON.parse(quoted);
        if (typeof text === 'string') return text;
      } catch {
        return quoted;
      }
    }
    return typeof this.reply === 'function' ? this.reply(this.lastUserInput) : this.reply;
  }

  /** A turn_detection flag of the session; the real server defaults them to true. */
  private turnDetection(flag: 'interrupt_response' | 'create_response'): boolean {
    const audio = this.session['audio'];
    const input = isObject(audio) ? audio['input'] : undefined;
    const detection = isObject(input) ? input['turn_detection'] : undefined;
    return !isObject(detection) || detection[flag] !== false;
  }

  private id(prefix: string): string {
    this.lastId += 1;
    return `${prefix}_${this.lastId}`;
  }
}

function refuseUpgrade(socket: Duplex, status: number, body: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}

function openAiError(message: string, code: string): string {
  return JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } });
}

function parseClientEvent(data: RawData): RealtimeClientEvent | undefined {
  // With ws's default binaryType a frame is one Buffer; the other shapes only satisfy the type.
  if (!Buffer.isBuffer(data)) return undefined;
  try {
    const event: unknown = JSON.parse(data.toString());
    return isObject(event) && typeof event['type'] === 'string'
      ? (event as RealtimeClientEvent)
      : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
