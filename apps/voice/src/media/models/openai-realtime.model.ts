import { RawData, WebSocket } from 'ws';
import {
  ConversationListener,
  ConversationModel,
  ConversationSetup,
  SpeechProviderAccount,
} from './conversation-model';
import {
  bodySnippet,
  errorText,
  parseEvent,
  realtimeUrl,
  sessionConfig,
  stringAt,
  toolCall,
  WireEvent,
} from './openai-realtime.wire';

const CONNECT_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 2_000;
const SAY_EXACTLY = 'Say exactly the following, word for word, and nothing else: ';
/**
 * What the server answers when our response.cancel or response.create crosses its own turn
 * handling (with interrupt_response it cancels on barge-in itself): nothing is wrong.
 */
const HARMLESS_ERRORS = new Set([
  'response_cancel_not_active',
  'conversation_already_has_active_response',
]);

interface PendingStart {
  listener: ConversationListener;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A call's speech-to-speech model on OpenAI's Realtime API (GA interface) over one websocket:
 * μ-law both ways so Twilio frames pass through untouched, the server detects the caller's turns
 * and answers them, and transcribes the caller alongside for the call record.
 */
export class OpenAiRealtimeModel implements ConversationModel {
  private socket?: WebSocket;
  private pending?: PendingStart;
  /** Set once started; cleared on failure or close, which is how nothing follows them. */
  private listener?: ConversationListener;
  /** When the caller's last turn ended, until the agent's first audio answers it. */
  private callerTurnEndedAt?: number;
  /** The response being generated, between response.created and response.done. */
  private activeResponseId?: string;
  /** Responses whose audio has begun, with their latency when they answered the caller. */
  private readonly audioStarted = new Map<string, number | undefined>();

  constructor(
    /** The REST base (…/v1) of the OpenAI account the model runs on. */
    private readonly config: SpeechProviderAccount,
    private readonly model: string,
    private readonly setup: ConversationSetup,
  ) {}

  start(listener: ConversationListener): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(realtimeUrl(this.config.baseUrl, this.model), {
        headers: { Authorization: `Bearer ${this.config.apiKey}` },
      });
      this.socket = socket;
      const timer = setTimeout(
        () => this.refuse(new Error('OpenAI Realtime did not set the session up within 10 s')),
        CONNECT_TIMEOUT_MS,
      );
      this.pending = { listener, resolve, reject, timer };
      socket.on('open', () =>
        this.send({ type: 'session.update', session: sessionConfig(this.setup) }),
      );
      socket.on('unexpected-response', (_request, response) => {
        void bodySnippet(response).then((snippet) =>
          this.refuse(
            new Error(
              `OpenAI Realtime refused the connection (HTTP ${response.statusCode ?? '?'}): ${snippet}`,
            ),
          ),
        );
      });
      socket.on('message', (data, isBinary) => this.receive(data, isBinary));
      socket.on('error', (error) =>
        this.broken(`OpenAI Realtime connection failed: ${error.message}`),
      );
      socket.on('close', (code, reason) =>
        this.broken(`OpenAI Realtime closed the connection (${[code, reason].join(' ').trim()})`),
      );
    });
  }

  hearCaller(audio: Buffer): void {
    this.send({ type: 'input_audio_buffer.append', audio: audio.toString('base64') });
  }

  /** Takes precedence over a reply in progress (a voicemail message must not wait for it). */
  say(text: string): void {
    if (this.activeResponseId !== undefined) this.send({ type: 'response.cancel' });
    this.send({
      type: 'response.create',
      response: { instructions: SAY_EXACTLY + JSON.stringify(text) },
    });
  }

  respond(): void {
    this.send({ type: 'response.create' });
  }

  hearText(text: string): void {
    this.callerTurnEndedAt = performance.now();
    this.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.send({ type: 'response.create' });
  }

  toolResult(callId: string, result: string): void {
    this.send({
      type: 'conversation.item.create',
      item: { type: 'function_call_output', call_id: callId, output: result },
    });
    this.send({ type: 'response.create' });
  }

  async close(): Promise<void> {
    this.listener = undefined;
    this.refuse(new Error('The call ended before OpenAI Realtime was set up'));
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, CLOSE_TIMEOUT_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      this.hangUp();
    });
  }

  private receive(data: RawData, isBinary: boolean): void {
    const event = isBinary ? undefined : parseEvent(data);
    if (!event) return;
    if (this.pending) return this.whileStarting(event, this.pending);
    if (this.listener) this.dispatch(event, this.listener);
  }

  private whileStarting(event: WireEvent, pending: PendingStart): void {
    if (event.type === 'error') {
      this.refuse(new Error(`OpenAI Realtime refused the session: ${errorText(event)}`));
    } else if (event.type === 'session.updated') {
      this.pending = undefined;
      clearTimeout(pending.timer);
      this.listener = pending.listener;
      pending.resolve();
    }
  }

  private dispatch(event: WireEvent, listener: ConversationListener): void {
    switch (event.type) {
      case 'response.created':
        this.activeResponseId = stringAt(event['response'], 'id') ?? '';
        return;
      case 'response.done':
        this.activeResponseId = undefined;
        this.audioStarted.delete(stringAt(event['response'], 'id') ?? '');
        return;
      case 'response.output_audio.delta':
      case 'response.audio.delta':
        return this.agentAudio(event, listener);
      case 'response.output_audio_transcript.done':
      case 'response.audio_transcript.done':
        return this.agentSaid(event, listener);
      case 'input_audio_buffer.speech_started':
        return this.callerStartedSpeaking(listener);
      case 'input_audio_buffer.speech_stopped':
        this.callerTurnEndedAt = performance.now();
        return;
      case 'conversation.item.input_audio_transcription.completed': {
        const transcript = stringAt(event, 'transcript')?.trim();
        if (transcript) listener.userSaid(transcript);
        return;
      }
      case 'response.function_call_arguments.done':
        return listener.toolCalled(toolCall(event));
      case 'error': {
        const code = stringAt(event['error'], 'code');
        if (code && HARMLESS_ERRORS.has(code)) return;
        return this.fail(new Error(`OpenAI Realtime failed: ${errorText(event)}`));
      }
      default:
        return;
    }
  }

  private agentAudio(event: WireEvent, listener: ConversationListener): void {
    const delta = stringAt(event, 'delta');
    if (!delta) return;
    const responseId = stringAt(event, 'response_id') ?? '';
    if (!this.audioStarted.has(responseId)) {
      const endedAt = this.callerTurnEndedAt;
      this.callerTurnEndedAt = undefined;
      const latencyMs = endedAt === undefined ? undefined : Math.round(performance.now() - endedAt);
      this.audioStarted.set(responseId, latencyMs);
    }
    listener.agentAudio(Buffer.from(delta, 'base64'));
  }

  private agentSaid(event: WireEvent, listener: ConversationListener): void {
    const transcript = stringAt(event, 'transcript')?.trim();
    const responseId = stringAt(event, 'response_id') ?? '';
    const latencyMs = this.audioStarted.get(responseId);
    // A second audio item of the same response does not answer the caller again.
    if (latencyMs !== undefined) this.audioStarted.set(responseId, undefined);
    if (transcript) listener.agentSaid(transcript, latencyMs);
  }

  private callerStartedSpeaking(listener: ConversationListener): void {
    if (!this.setup.allowInterruptions) return;
    const responseId = this.activeResponseId;
    // The server cancels too (interrupt_response); when it wins the race ours is answered with a
    // harmless 'not active', when it does not ours stops the reply the caller talked over.
    if (responseId !== undefined && this.audioStarted.has(responseId)) {
      this.send({ type: 'response.cancel' });
    }
    listener.userStartedSpeaking();
  }

  /** The socket broke or closed: a refused start before the session, a failure after. */
  private broken(message: string): void {
    if (this.pending) this.refuse(new Error(message));
    else this.fail(new Error(message));
  }

  private refuse(error: Error): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    this.socket?.terminate();
    pending.reject(error);
  }

  private fail(error: Error): void {
    const listener = this.listener;
    if (!listener) return;
    this.listener = undefined;
    this.hangUp();
    listener.failed(error);
  }

  private hangUp(): void {
    const socket = this.socket;
    if (socket?.readyState === WebSocket.OPEN) socket.close(1000);
    else if (socket?.readyState === WebSocket.CONNECTING) socket.terminate();
  }

  /** Sends while the socket is open; a call that is over drops what still comes in. */
  private send(event: WireEvent): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(event));
  }
}
