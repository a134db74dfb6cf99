interface ErrorLike {
  message: string;
  code?: unknown;
  cause?: unknown;
}

/**
 * An error's message and its cause's (`fetch failed (connect ECONNREFUSED …)`). Duck-typed:
 * errors made by Node internals may come from another realm, where `instanceof Error` is false.
 */
export function describeError(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  // An AggregateError (IPv6 and IPv4 both refused) has an empty message but a code.
  const cause = isErrorLike(error.cause) ? error.cause.message || String(error.cause.code) : '';
  const message = error.message || String(error.code);
  return cause && cause !== message ? `${message} (${cause})` : message;
}

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
