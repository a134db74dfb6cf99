/** Errors already logged where they happened, which the SDK's global error handler passes over. */
const logged = new WeakSet<object>();

export function markLogged(error: unknown): void {
  if (typeof error === 'object' && error !== null) logged.add(error);
}

export function wasLogged(error: unknown): boolean {
  return typeof error === 'object' && error !== null && logged.has(error);
}

/**
 * What went wrong, on one line: the message, with the code of a system error or the HTTP status
 * a collector answered, or, for an AggregateError that carries no message (a refused connection
 * to every address of `localhost`), its first error's.
 */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return oneLine(String(error));
  const inner = (error as { errors?: unknown }).errors;
  const message =
    error.message ||
    (Array.isArray(inner) && inner.length > 0 ? failureReason(inner[0]) : error.name);
  const code = codeOf(error);
  return oneLine(code && !message.includes(code) ? `${message} (${code})` : message);
}

/** `ECONNREFUSED` of a system error, `HTTP 503` of an OTLP exporter's. */
function codeOf(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return typeof code === 'number' ? `HTTP ${code}` : undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
