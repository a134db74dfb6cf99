import { WebSocket } from 'ws';
import { eventually } from '../eventually';

/** A frame the voice service sent down the media websocket. */
export interface ReceivedMediaFrame {
  event: string;
  streamSid?: string;
  media?: { payload: string };
  mark?: { name: string };
  role?: 'agent' | 'user';
  text?: string;
}

/**
 * The caller's side of a call media websocket, as Twilio Media Streams plays it (or the browser
 * playground): `connected` and `start` first, caller audio as `media`, keypad `dtmf`, `stop` on
 * hang-up; it echoes every `mark` once "played" (at once, unless `holdMarks`), keeps the audio it
 * is sent and how the socket closed.
 */
export class MediaStreamClient {
  readonly frames: ReceivedMediaFrame[] = [];
  closed?: { code: number; reason: string };
  holdMarks = false;

  private constructor(
    private readonly socket: WebSocket,
    readonly streamSid: string,
  ) {
    socket.on('message', (data: Buffer) =>
      this.receive(JSON.parse(data.toString()) as ReceivedMediaFrame),
    );
    socket.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  /** Connects and starts the stream; `parameters` are Twilio's customParameters (the token). */
  static async connect(
    url: string,
    options: { parameters?: Record<string, string>; callSid?: string } = {},
  ): Promise<MediaStreamClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode} instead of a websocket`)),
      );
    });
    const streamSid = `MZ${Math.random().toString(16).slice(2).padEnd(32, '0')}`;
    const client = new MediaStreamClient(socket, streamSid);
    client.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    client.send({
      event: 'start',
      sequenceNumber: '1',
      streamSid,
      start: {
        streamSid,
        callSid: options.callSid ?? 'CAtest',
        tracks: ['inbound'],
        customParameters: options.parameters ?? {},
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
      },
    });
    return client;
  }

  /** Caller audio, in 20 ms frames as Twilio sends it. */
  sendAudio(audio: Buffer): void {
    for (let offset = 0; offset < audio.length; offset += 160) {
      const payload = audio.subarray(offset, offset + 160).toString('base64');
      this.send({
        event: 'media',
        streamSid: this.streamSid,
        media: { track: 'inbound', payload },
      });
    }
  }

  sendDigit(digit: string): void {
    this.send({
      event: 'dtmf',
      streamSid: this.streamSid,
      dtmf: { track: 'inbound_track', digit },
    });
  }

  /** A typed utterance (browser playground). */
  sendText(text: string): void {
    this.send({ event: 'text', text });
  }

  /** Hangs up the way Twilio does: `stop`, then the socket closes. */
  hangUp(): void {
    this.send({ event: 'stop', streamSid: this.streamSid, stop: { callSid: 'CAtest' } });
    this.socket.close(1000);
  }

  /** The connection breaks without a close handshake (network loss). */
  drop(): void {
    this.socket.terminate();
  }

  /** All agent audio received, in order. */
  get audio(): Buffer {
    return Buffer.concat(
      this.frames.flatMap((frame) =>
        frame.event === 'media' && frame.media ? [Buffer.from(frame.media.payload, 'base64')] : [],
      ),
    );
  }

  transcripts(role: 'agent' | 'user'): string[] {
    return this.frames.flatMap((frame) =>
      frame.event === 'transcript' && frame.role === role && frame.text ? [frame.text] : [],
    );
  }

  count(event: string): number {
    return this.frames.filter((frame) => frame.event === event).length;
  }

  whenClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    return eventually(() => this.closed, { timeoutMs });
  }

  private receive(frame: ReceivedMediaFrame): void {
    this.frames.push(frame);
    if (frame.event === 'mark' && frame.mark && !this.holdMarks) {
      this.send({ event: 'mark', streamSid: this.streamSid, mark: frame.mark });
    }
  }

  private send(message: object): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
