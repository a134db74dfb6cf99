import { parse } from 'node:querystring';
import { clipped, DomainError, ErrorCode } from '@clarion/contracts';

const MALFORMED_ESCAPE = Symbol('malformedEscape');

type ParsedQuery = Record<string, unknown> & { [MALFORMED_ESCAPE]?: string };

/**
 * The query string as Fastify parses it (repeated keys become arrays, `+` is a space), except that
 * an escape that is not percent-encoded UTF-8 (`%ZZ`, `%E0%A4%A`) is remembered instead of passed
 * on as literal text, so that the request is refused by {@link assertWellFormedQuery}.
 */
export function parseQueryString(query: string): ParsedQuery {
  if (query.length === 0) return {};
  let malformed: string | undefined;
  const decode = (text: string): string => {
    try {
      return decodeURIComponent(text);
    } catch {
      malformed ??= text;
      return text;
    }
  };
  const parsed: ParsedQuery = parse(query, '&', '=', { decodeURIComponent: decode });
  if (malformed !== undefined) parsed[MALFORMED_ESCAPE] = malformed;
  return parsed;
}

/** Refuses a query string {@link parseQueryString} found an escape in that is not UTF-8. */
export function assertWellFormedQuery(query: unknown): void {
  const malformed = (query as ParsedQuery | undefined)?.[MALFORMED_ESCAPE];
  if (malformed === undefined) return;
  throw new DomainError(
    ErrorCode.INVALID_URL,
    `The query string holds "${clipped(malformed, 120)}", which is not valid percent-encoded UTF-8`,
    'Percent-encode the path and query as UTF-8 (RFC 3986), e.g. %C3%A9 for é.',
  );
}
