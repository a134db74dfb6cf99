const FIRST_BYTE_TIMEOUT_MS = 15_000;

/** One text-to-speech request: where, how, and how the provider's error body reads. */
export interface SpeechRequest {
  /** The provider's name, for messages. */
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The reason in the provider's error body, if it has one. */
  reasonIn(body: unknown): string | undefined;
}

/**
 * POSTs a text-to-speech request and yields its audio body as it streams in, so the caller
 * hears the first words while the rest is synthesized. Ends quietly when `signal` aborts; throws
 * when the provider refuses, is unreachable, sends nothing for 15 s or breaks off.
 */
export async function* streamedSpeech(
  request: SpeechRequest,
  signal: AbortSignal,
): AsyncIterable<Buffer> {
  if (signal.aborted) return;
  const firstByte = new AbortController();
  const timer = setTimeout(() => firstByte.abort(), FIRST_BYTE_TIMEOUT_MS);
  const failure = (error: unknown, doing: string) =>
    firstByte.signal.aborted
      ? new Error(`${request.provider} sent no audio within ${FIRST_BYTE_TIMEOUT_MS / 1000} s`)
      : new Error(`${request.provider} ${doing}: ${describe(error)}`);
  try {
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: 'POST',
        headers: { ...request.headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(request.body),
        signal: AbortSignal.any([signal, firstByte.signal]),
      });
    } catch (error) {
      if (signal.aborted) return;
      throw failure(error, 'is unreachable');
    }
    if (!response.ok) throw await refusal(request, response);
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

async function refusal(request: SpeechRequest, response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  const reason = request.reasonIn(parseJson(text)) ?? text.slice(0, 200);
  return new Error(`${request.provider} refused the speech (HTTP ${response.status}): ${reason}`);
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
