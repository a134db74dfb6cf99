import { mediaTokenOf } from './media/media-token';
import { VoiceEnv } from './voice.env';

/** Where providers reach this deployment (the gateway's PUBLIC_URL) and how media is signed. */
export class VoiceSettings {
  constructor(
    readonly publicUrl: string,
    readonly mediaSecret: string,
  ) {}

  static of(env: VoiceEnv): VoiceSettings {
    return new VoiceSettings(env.PUBLIC_URL.replace(/\/+$/, ''), env.VOICE_MEDIA_SECRET);
  }

  /**
   * The call's media websocket (wss:// behind an https PUBLIC_URL), its token in the query.
   * Twilio takes no query on a stream URL, so its TwiML passes the token as a <Parameter>.
   */
  websocketOf(trackingId: string): string {
    const base = `${this.publicUrl.replace(/^http/, 'ws')}/voice/media/${trackingId}`;
    return `${base}?token=${mediaTokenOf(trackingId, this.mediaSecret)}`;
  }

  /** Where Twilio posts a call's status and recording callbacks. */
  get statusCallbackUrl(): string {
    return `${this.publicUrl}/webhooks/twilio/voice-status`;
  }
}
