/** Why fetch threw: a timeout, or the connection error undici keeps in `cause`. */
export function describeFetchFailure(error: unknown, timeoutMs: number): string {
  // fetch's errors may come from another realm (Jest's sandbox), so no instanceof Error.
  const { name, message, cause } = fieldsOf(error);
  if (name === 'TimeoutError') return `Twilio did not answer within ${timeoutMs} ms`;
  const { code, message: causeMessage } = fieldsOf(cause);
  const detail = causeMessage || code ? `: ${causeMessage || code}` : '';
  return `Twilio is unreachable: ${message || String(error)}${detail}`;
}

interface ErrorFields {
  name?: string;
  message?: string;
  code?: string;
  cause?: unknown;
}

function fieldsOf(error: unknown): ErrorFields {
  if (typeof error !== 'object' || error === null) return {};
  const { name, message, code, cause } = error as Record<string, unknown>;
  return {
    name: typeof name === 'string' ? name : undefined,
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
    cause,
  };
}
