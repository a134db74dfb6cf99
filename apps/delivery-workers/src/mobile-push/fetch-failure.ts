interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  cause?: unknown;
}

/**
 * A failed fetch in a few words: `timed out`, `ECONNREFUSED`, ... Read by shape rather than
 * `instanceof`, as fetch's errors may come from another realm (Jest's sandbox).
 */
export function describeFetchError(error: unknown): string {
  if (!isErrorLike(error)) return String(error);
  if (error.name === 'TimeoutError') return 'timed out';
  const cause = isErrorLike(error.cause) ? error.cause : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof cause?.message === 'string') return cause.message;
  return typeof error.message === 'string' ? error.message : String(error);
}

function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}
