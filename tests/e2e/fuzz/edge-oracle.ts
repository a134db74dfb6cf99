import { Dispatcher, Pool } from 'undici';
import { FuzzRequest } from './fuzz-requests';

export interface EdgeAnswer {
  status: number;
  text: string;
  elapsedMs: number;
}

/** What every answer of the gateway must be, whatever it was sent. */
export const EDGE_BOUNDS = {
  /** Slower than this is a finding: nothing the fuzzer sends should take the gateway this long. */
  maxAnswerMs: 2_000,
  maxMessageChars: 2_048,
} as const;

/** Sends a request over a kept-alive connection of the pool; a reset or timeout rejects. */
export async function sendFuzzRequest(pool: Pool, request: FuzzRequest): Promise<EdgeAnswer> {
  const started = performance.now();
  const response = await pool.request({
    method: request.method as Dispatcher.HttpMethod,
    path: request.url,
    headers: request.headers,
    body: request.body,
    headersTimeout: EDGE_BOUNDS.maxAnswerMs * 5,
    bodyTimeout: EDGE_BOUNDS.maxAnswerMs * 5,
  });
  if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    // A stream that opened (the in-app inbox's) is an answer: it would go on until the gateway
    // stops, so it is closed here, as a client that leaves.
    response.body.on('error', () => undefined).destroy();
    return { status: response.statusCode, text: '', elapsedMs: performance.now() - started };
  }
  const text = await response.body.text();
  return { status: response.statusCode, text, elapsedMs: performance.now() - started };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/**
 * Why the answer breaks the gateway's promises, or undefined when it keeps them: no 5xx (except
 * the 501 of an operation Clarion does not offer and a provider's 502), JSON, the error object on
 * every non-2xx with a bounded message, and in time.
 */
export function edgeViolationOf(answer: EdgeAnswer): string | undefined {
  const { status, text, elapsedMs } = answer;
  if (elapsedMs > EDGE_BOUNDS.maxAnswerMs) return `answered after ${Math.round(elapsedMs)} ms`;
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    return `${status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  const envelope = body as {
    trackingId?: unknown;
    error?: { code?: unknown; message?: unknown; fix?: unknown };
  };
  if (status >= 200 && status < 300) return undefined;
  const error = envelope?.error;
  if (!isString(envelope?.trackingId) || !isString(error?.code) || !isString(error?.message)) {
    return `${status} without the error object: ${text.slice(0, 300)}`;
  }
  if (error.fix !== undefined && !isString(error.fix))
    return `${status} with a fix that is not text`;
  if (error.message.length > EDGE_BOUNDS.maxMessageChars) {
    return `${status} ${error.code} with a message of ${error.message.length} characters`;
  }
  if (status === 501 && error.code === 'NOT_IMPLEMENTED') return undefined;
  // A provider's refusal passed on (Slack refusing a user's stored token); the suite's providers
  // are unreachable, so an operation that asks one synchronously answers this.
  if (status === 502 && error.code === 'PROVIDER_ERROR') return undefined;
  if (status >= 500) return `${status} ${error.code}: ${error.message.slice(0, 300)}`;
  return undefined;
}
