import { SpeechProviderAccount } from '../conversation-model';
import { TextToSpeech } from './speech-parts';
import { streamedSpeech } from './streamed-speech';

export interface DeepgramTtsOptions {
  /** The voice family, e.g. `aura-2`. */
  model: string;
  /** A voice of the family (`thalia-en`) or a full Deepgram voice model (`aura-2-thalia-en`). */
  voiceId: string;
}

/**
 * Deepgram's Aura text-to-speech (POST /v1/speak), asked for raw 8 kHz μ-law (container=none)
 * so its bytes go to the caller untouched, streamed as it is synthesized.
 */
export class DeepgramTextToSpeech implements TextToSpeech {
  constructor(
    private readonly config: SpeechProviderAccount,
    private readonly options: DeepgramTtsOptions,
  ) {}

  synthesize(text: string, signal: AbortSignal): AsyncIterable<Buffer> {
    const query = new URLSearchParams({
      model: this.voiceModel(),
      encoding: 'mulaw',
      sample_rate: '8000',
      container: 'none',
    });
    return streamedSpeech(
      {
        provider: 'Deepgram',
        url: `${this.config.baseUrl}/v1/speak?${query.toString()}`,
        headers: { Authorization: `Token ${this.config.apiKey}` },
        body: { text },
        reasonIn: reasonOf,
      },
      signal,
    );
  }

  /** Deepgram names each voice as a model of its own. */
  private voiceModel(): string {
    const { model, voiceId } = this.options;
    return voiceId.startsWith('aura') ? voiceId : `${model}-${voiceId}`;
  }
}

/** Deepgram's error body is `{ err_code, err_msg }` (some gateways answer `{ reason }`). */
function reasonOf(body: unknown): string | undefined {
  const { err_msg, reason } = (body ?? {}) as { err_msg?: unknown; reason?: unknown };
  return [err_msg, reason].find((value): value is string => typeof value === 'string');
}
