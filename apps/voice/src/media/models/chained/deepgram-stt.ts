import WebSocket, { RawData } from 'ws';
import { SpeechProviderAccount } from '../conversation-model';
import { SpeechToText, TranscriptionListener } from './speech-parts';

export interface DeepgramSttOptions {
  model: string;
  language: string;
  /** Silence that ends the caller's turn (Deepgram's endpointing). */
  endOfTurnSilenceMs: number;
  /** How long the stream may go without audio before a KeepAlive; 5 s unless a test shortens it. */
  keepAliveMs?: number;
}

const CONNECT_TIMEOUT_MS = 10_000;
const CLOSE_TIMEOUT_MS = 2_000;
/** Deepgram drops a stream after 10 s without data; a KeepAlive at half that keeps it. */
const KEEP_ALIVE_MS = 5_000;
/** Deepgram's smallest endpointing; 0 would mean "off", which would never end a turn. */
const MIN_ENDPOINTING_MS = 10;
/** What Deepgram sends that we read; everything else (Metadata, interim text) is ignored. */
interface DeepgramMessage {
  type?: unknown;
  is_final?: unknown;
  speech_final?: unknown;
  channel?: { alternatives?: { transcript?: unknown }[] };
}

/**
 * Deepgram's streaming transcription (/v1/listen over a websocket), fed the caller's μ-law
 * frames as they come. Deepgram's endpointing closes a turn after the configured silence
 * (speech_final) and UtteranceEnd closes it when noise keeps endpointing from firing; the final
 * segments in between make the utterance. Its VAD's SpeechStarted lets the session barge in
 * before any words are transcribed.
 */
export class DeepgramSpeechToText implements SpeechToText {
  private socket?: WebSocket;
  private listener?: TranscriptionListener;
  private turn: string[] = [];
  private lastSentAt = Date.now();
  private keepAlive?: NodeJS.Timeout;
  /** Set once the stream failed or was closed by us: no listener call follows. */
  private ended = false;

  constructor(
    private readonly config: SpeechProviderAccount,
    private readonly options: DeepgramSttOptions,
  ) {}

  start(listener: TranscriptionListener): Promise<void> {
    this.listener = listener;
    const socket = new WebSocket(this.listenUrl(), {
      headers: { Authorization: `Token ${this.config.apiKey}` },
      handshakeTimeout: CONNECT_TIMEOUT_MS,
    });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      let opened = false;
      socket.once('open', () => {
        opened = true;
        this.startKeepAlive();
        resolve();
      });
      socket.once('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8').slice(0, 200);
          reject(
            new Error(`Deepgram refused the transcription (HTTP ${response.statusCode}): ${body}`),
          );
          socket.terminate();
        });
      });
      socket.on('error', (error) => {
        if (!opened) reject(new Error(`Deepgram is unreachable: ${error.message}`));
        else this.fail(new Error(`Deepgram transcription broke: ${error.message}`));
      });
      socket.on('close', (code, reason) => {
        const why = reason.toString('utf8') || 'no reason given';
        if (opened) this.fail(new Error(`Deepgram closed the transcription (${code}: ${why})`));
      });
      socket.on('message', (data, isBinary) => {
        if (!isBinary) this.hear(text(data));
      });
    });
  }

  send(audio: Buffer): void {
    if (this.ended || this.socket?.readyState !== WebSocket.OPEN) return;
    this.socket.send(audio, { binary: true });
    this.lastSentAt = Date.now();
  }

  /** Asks Deepgram to finish (CloseStream), gives it a moment, then cuts the connection. */
  async close(): Promise<void> {
    this.ended = true;
    this.stopKeepAlive();
    const socket = this.socket;
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    if (socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: 'CloseStream' }));
    } else {
      socket.terminate();
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
    });
    await Promise.race([closed, timedOut]);
    clearTimeout(timer);
    socket.terminate();
  }

  private listenUrl(): string {
    const query = new URLSearchParams({
      model: this.options.model,
      language: this.options.language,
      encoding: 'mulaw',
      sample_rate: '8000',
      channels: '1',
      interim_results: 'true',
      smart_format: 'true',
      vad_events: 'true',
      endpointing: String(Math.max(MIN_ENDPOINTING_MS, this.options.endOfTurnSilenceMs)),
      utterance_end_ms: '1000',
    });
    const base = this.config.baseUrl.replace(/^http/, 'ws');
    return `${base}/v1/listen?${query.toString()}`;
  }

  private hear(raw: string): void {
    const listener = this.listener;
    if (this.ended || !listener) return;
    const message = parseJson(raw);
    switch (message?.type) {
      case 'SpeechStarted':
        return listener.speechStarted();
      case 'UtteranceEnd':
        return this.endTurn(listener);
      case 'Results': {
        if (message.is_final !== true) return;
        const transcript = message.channel?.alternatives?.[0]?.transcript;
        if (typeof transcript === 'string' && transcript.trim()) this.turn.push(transcript.trim());
        if (message.speech_final === true) this.endTurn(listener);
        return;
      }
      default:
        return;
    }
  }

  private endTurn(listener: TranscriptionListener): void {
    if (this.turn.length === 0) return;
    const utterance = this.turn.join(' ');
    this.turn = [];
    listener.utterance(utterance);
  }

  private fail(error: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.stopKeepAlive();
    this.listener?.failed(error);
  }

  /** Checks often enough that an idle gap never runs much past `keepAliveMs`. */
  private startKeepAlive(): void {
    const interval = this.options.keepAliveMs ?? KEEP_ALIVE_MS;
    this.lastSentAt = Date.now();
    this.keepAlive = setInterval(
      () => {
        const idle = Date.now() - this.lastSentAt >= interval;
        if (!idle || this.socket?.readyState !== WebSocket.OPEN) return;
        this.socket.send(JSON.stringify({ type: 'KeepAlive' }));
        this.lastSentAt = Date.now();
      },
      Math.max(1, Math.floor(interval / 5)),
    );
    this.keepAlive.unref();
  }

  private stopKeepAlive(): void {
    clearInterval(this.keepAlive);
    this.keepAlive = undefined;
  }
}

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return (Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
}

function parseJson(raw: string): DeepgramMessage | undefined {
  try {
    const parsed = JSON.parse(raw) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as DeepgramMessage) : undefined;
  } catch {
    return undefined;
  }
}
