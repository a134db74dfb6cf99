import { SpeechProviderAccount } from '../conversation-model';
import { TextToSpeech } from './speech-parts';
import { streamedSpeech } from './streamed-speech';

export interface ElevenLabsTtsOptions {
  /** e.g. `eleven_flash_v2_5`. */
  model: string;
  voiceId: string;
  /** BCP 47, e.g. en-US; ElevenLabs takes its ISO 639-1 part. */
  language: string;
  /** 0.5–2 in the agent spec; ElevenLabs accepts 0.7–1.2 only. */
  speechSpeed: number;
}

const MIN_SPEED = 0.7;
const MAX_SPEED = 1.2;

/**
 * ElevenLabs' streaming text-to-speech (POST /v1/text-to-speech/{voice}/stream), asked for
 * 8 kHz μ-law (output_format=ulaw_8000) so its bytes go to the caller untouched, chunk by chunk
 * as ElevenLabs produces them.
 */
export class ElevenLabsTextToSpeech implements TextToSpeech {
  constructor(
    private readonly config: SpeechProviderAccount,
    private readonly options: ElevenLabsTtsOptions,
  ) {}

  synthesize(text: string, signal: AbortSignal): AsyncIterable<Buffer> {
    const { model, voiceId, language, speechSpeed } = this.options;
    const languageCode = language.split('-')[0]?.toLowerCase();
    return streamedSpeech(
      {
        provider: 'ElevenLabs',
        url: `${this.config.baseUrl}/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream?output_format=ulaw_8000`,
        headers: { 'xi-api-key': this.config.apiKey },
        body: {
          text,
          model_id: model,
          ...(languageCode ? { language_code: languageCode } : {}),
          voice_settings: { speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, speechSpeed)) },
        },
        reasonIn: (body) => messageOf((body as { detail?: unknown } | undefined)?.detail),
      },
      signal,
    );
  }
}

/**
 * ElevenLabs' error body is `{ detail: { status, message } }`, `{ detail: "…" }`, or for a
 * rejected request `{ detail: [{ msg }] }`.
 */
function messageOf(detail: unknown): string | undefined {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    const messages = detail.map((item: { msg?: unknown } | null) => item?.msg);
    const found = messages.filter((message) => typeof message === 'string');
    return found.length > 0 ? found.join('; ') : undefined;
  }
  const message = (detail as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
