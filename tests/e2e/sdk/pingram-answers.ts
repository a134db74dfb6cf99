import { eventually } from '@clarion/testing';
import { PingramSuite } from './pingram-suite';

type Json = Record<string, unknown>;

/**
 * What an SDK call that failed answered: the status and the error object of its body. The SDK
 * throws its `ResponseError` (not exported by the package, so recognised by name) for any non-2xx.
 */
export async function failureOf(call: Promise<unknown>): Promise<{ status: number; body: Json }> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error) || error.name !== 'ResponseError' || !('response' in error)) {
    throw new Error(`expected the SDK to throw a ResponseError, got ${String(error)}`);
  }
  const { response } = error as Error & { response: Response };
  return { status: response.status, body: (await response.json()) as Json };
}

/** The error object of spec 2.1 with the given code. */
export function errorObject(code: string): Json {
  return {
    trackingId: expect.any(String),
    error: expect.objectContaining({ code, message: expect.any(String) }),
  };
}

/** The log record of a send once `until` holds for it, read through the HTTP API. */
export function logOf(
  suite: PingramSuite,
  trackingId: string,
  until: (log: Json) => boolean,
): Promise<Json> {
  return eventually(
    async () => {
      const { logs } = (await getJson(suite, `/logs/${trackingId}`)) as { logs: Json[] };
      return logs[0] && until(logs[0]) ? logs[0] : undefined;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
}

/** A GET of the HTTP API with the suite's API key, for what a test reads besides the SDK. */
export async function getJson(suite: PingramSuite, path: string): Promise<unknown> {
  const response = await fetch(`${suite.handle.system.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${suite.account.apiKey}` },
  });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
}
