import { findUnstorableText, ValidationFailedError } from '@clarion/contracts';

/** Refuses a request whose body, query or path holds text that could never be stored. */
export function assertStorableRequest(request: {
  body?: unknown;
  query?: unknown;
  params?: unknown;
}): void {
  const path =
    findUnstorableText(request.body, 'body') ??
    findUnstorableText(request.query, 'query') ??
    findUnstorableText(request.params, 'path');
  if (path === undefined) return;
  throw new ValidationFailedError(
    `${path} contains U+0000 or an unpaired UTF-16 surrogate, which cannot be stored`,
    'Remove NUL characters and send text as well-formed UTF-8 (surrogates only in pairs).',
  );
}
