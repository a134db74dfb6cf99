import { VoiceEnv } from './voice.env';

/** Where providers reach this deployment: the gateway's PUBLIC_URL. */
export class VoiceSettings {
  constructor(readonly publicUrl: string) {}

  static of(env: VoiceEnv): VoiceSettings {
    return new VoiceSettings(env.PUBLIC_URL.replace(/\/+$/, ''));
  }

  /** The call's media websocket (wss:// behind an https PUBLIC_URL). */
  websocketOf(trackingId: string): string {
    return `${this.publicUrl.replace(/^http/, 'ws')}/voice/media/${trackingId}`;
  }

  /** Where Twilio posts a call's status and recording callbacks. */
  get statusCallbackUrl(): string {
    return `${this.publicUrl}/webhooks/twilio/voice-status`;
  }
}
