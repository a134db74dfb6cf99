import { TextToSpeech } from './speech-parts';

export interface ElevenLabsTtsOptions {
  /** e.g. `eleven_flash_v2_5`. */
  model: string;
  voiceId: string;
  /** BCP 47, e.g. en-US; ElevenLabs takes its ISO 639-1 part. */
  language: string;
  /** 0.5–2 in the agent spec; ElevenLabs accepts 0.7–1.2 only. */
  speechSpeed: number;
}

const FIRST_BYTE_TIMEOUT_MS = 15_000;
const MIN_SPEED = 0.7;
const MAX_SPEED = 1.2;

/**
 * ElevenLabs' streaming text-to-speech (POST /v1/text-to-speech/{voice}/stream), asked for
 * 8 kHz μ-law (output_format=ulaw_8000) so its bytes go to the caller untouched, chunk by chunk
 * as ElevenLabs produces them.
 */
export class ElevenLabsTextToSpeech implements TextToSpeech {
  constructor(
    private readonly config: { apiKey: string; baseUrl: string },
    private readonly options: ElevenLabsTtsOptions,
  ) {}

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Buffer> {
    if (signal.aborted) return;
    const { model, voiceId, language, speechSpeed } = this.options;
    const base = this.config.baseUrl.replace(/\/+$/, '');
    const url = `${base}/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream?output_format=ulaw_8000`;
    const languageCode = language.split('-')[0]?.toLowerCase();
    const body = {
      text,
      model_id: model,
      ...(languageCode ? { language_code: languageCode } : {}),
      voice_settings: { speed: Math.min(MAX_SPEED, Math.max(MIN_SPEED, speechSpeed)) },
    };
    const firstByte = new AbortController();
    const timer = setTimeout(() => firstByte.abort(), FIRST_BYTE_TIMEOUT_MS);
    const failure = (error: unknown, doing: string) =>
      firstByte.signal.aborted
        ? new Error(`ElevenLabs sent no audio within ${FIRST_BYTE_TIMEOUT_MS / 1000} s`)
        : new Error(`ElevenLabs ${doing}: ${describe(error)}`);
    try {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'xi-api-key': this.config.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
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
}

/**
 * ElevenLabs' error body is `{ detail: { status, message } }`, `{ detail: "…" }`, or for a
 * rejected request `{ detail: [{ msg }] }`.
 */
async function refusal(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  const detail = (parseJson(text) as { detail?: unknown } | undefined)?.detail;
  return new Error(
    `ElevenLabs refused the speech (HTTP ${response.status}): ${messageOf(detail) ?? text.slice(0, 200)}`,
  );
}

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
