import { WebSocket } from 'ws';
import { clearFrame, markFrame, mediaFrame } from './media-stream-messages';

/** 8 kHz μ-law: one byte per sample. */
const BYTES_PER_MS = 8;
const GRACE_MS = 1_000;
const MAX_WAIT_MS = 15_000;

/**
 * The agent's audio on its way to the caller. The caller's side (Twilio, the playground) echoes
 * a `mark` once playback reaches it; that is how the session knows the agent has finished
 * speaking — before hanging up after a farewell, say. A side that never echoes is waited for as
 * long as the audio sent lasts.
 */
export class Playback {
  private sequence = 0;
  private unplayedBytes = 0;
  private readonly waiting = new Map<string, () => void>();

  constructor(
    private readonly socket: WebSocket,
    private readonly streamSid: string,
  ) {}

  play(audio: Buffer): void {
    this.unplayedBytes += audio.length;
    this.send(mediaFrame(this.streamSid, audio));
  }

  /** Resolves once everything sent so far has been played (or could have been). */
  playedOut(): Promise<void> {
    if (this.socket.readyState !== WebSocket.OPEN) return Promise.resolve();
    const name = `played-${++this.sequence}`;
    const waitMs = Math.min(MAX_WAIT_MS, this.unplayedBytes / BYTES_PER_MS + GRACE_MS);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.reached(name), waitMs);
      this.waiting.set(name, () => {
        clearTimeout(timer);
        resolve();
      });
      this.send(markFrame(this.streamSid, name));
    });
  }

  /** The caller's side played up to `name`. */
  reached(name: string): void {
    const resolve = this.waiting.get(name);
    if (!resolve) return;
    this.waiting.delete(name);
    if (this.waiting.size === 0) this.unplayedBytes = 0;
    resolve();
  }

  /** The caller interrupted: drop what was not played. */
  clear(): void {
    this.send(clearFrame(this.streamSid));
    this.unplayedBytes = 0;
    for (const name of [...this.waiting.keys()]) this.reached(name);
  }

  private send(frame: string): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(frame);
  }
}
