import { TextToSpeech } from './speech-parts';

export interface DeepgramTtsOptions {
  /** The voice family, e.g. `aura-2`. */
  model: string;
  /** A voice of the family (`thalia-en`) or a full Deepgram voice model (`aura-2-thalia-en`). */
  voiceId: string;
}

const FIRST_BYTE_TIMEOUT_MS = 15_000;

/**
 * Deepgram's Aura text-to-speech (POST /v1/speak), asked for raw 8 kHz μ-law (container=none)
 * so its bytes go to the caller untouched. The body is streamed: the caller hears the first
 * words while the rest is still being synthesized.
 */
export class DeepgramTextToSpeech implements TextToSpeech {
  constructor(
    private readonly config: { apiKey: string; baseUrl: string },
    private readonly options: DeepgramTtsOptions,
  ) {}

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Buffer> {
    if (signal.aborted) return;
    const query = new URLSearchParams({
      model: this.voiceModel(),
      encoding: 'mulaw',
      sample_rate: '8000',
      container: 'none',
    });
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/v1/speak?${query.toString()}`;
    const firstByte = new AbortController();
    const timer = setTimeout(() => firstByte.abort(), FIRST_BYTE_TIMEOUT_MS);
    const failure = (error: unknown, doing: string) =>
      firstByte.signal.aborted
        ? new Error(`Deepgram sent no audio within ${FIRST_BYTE_TIMEOUT_MS / 1000} s`)
        : new Error(`Deepgram ${doing}: ${describe(error)}`);
    try {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            Authorization: `Token ${this.config.apiKey}`,
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ text }),
          signal: AbortSignal.any([signal, firstByte.signal]),
        });
      } catch (error) {
        if (signal.aborted) return;
        throw failure(error, 'is unreachable');
      }
      if (!response.ok) throw await refusal(response);
      if (!response.body) return;
      try {
        for await (const chunk of response.body) {
          clearTimeout(timer);
          if (signal.aborted) return;
          yield Buffer.from(chunk);
        }
      } catch (error) {
        if (signal.aborted) return;
        throw failure(error, 'broke off the audio');
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Deepgram names each voice as a model of its own. */
  private voiceModel(): string {
    const { model, voiceId } = this.options;
    return voiceId.startsWith('aura') ? voiceId : `${model}-${voiceId}`;
  }
}

/** Deepgram's error body is `{ err_code, err_msg }` (some gateways answer `{ reason }`). */
async function refusal(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  const body = parseJson(text) as { err_msg?: unknown; reason?: unknown } | undefined;
  const reason = [body?.err_msg, body?.reason].find((value) => typeof value === 'string');
  return new Error(
    `Deepgram refused the speech (HTTP ${response.status}): ${typeof reason === 'string' ? reason : text.slice(0, 200)}`,
  );
}

function describe(error: unknown): string {
  const cause = error instanceof Error ? error.cause : undefined;
  return cause instanceof Error ? cause.message : String(error);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
