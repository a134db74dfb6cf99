import { describe, plausibleValue, propertyPaths, withValueAt } from './body-mutations';
import { FuzzFixtures, FuzzRequest } from './fuzz-requests';
import { Operation } from './openapi-operations';

/**
 * Values that once made a 5xx somewhere (an earlier fuzzer's findings and this suite's), tried in
 * every place of every operation before the random requests: each body property, each path and
 * each query parameter, with valid credentials and the others plausible.
 */
function incompressibleText(length: number): string {
  let state = 1;
  return Array.from({ length }, () => {
    state = (state * 48_271) % 2_147_483_647;
    return (state % 36).toString(36);
  }).join('');
}

const BODY_VALUES: unknown[] = [
  null,
  1e308,
  '\u0000',
  '\ud800',
  [[]],
  // Longer than a PostgreSQL index row (8,191 bytes), even compressed: 'x'.repeat() is not.
  incompressibleText(10_000),
];
const PATH_VALUES = ['a%00b', '%ED%A0%80', '..', 'x'.repeat(2_048)];
const QUERY_VALUES = ['1e308', '-1', 'eyJhIjoxfQ', 'a%00b', '%ED%A0%80'];
/** Enough for every property of the largest body (POST /send) within the CI budget. */
const MAX_BODY_PATHS = 60;

function plausiblePath(operation: Operation, fixtures: FuzzFixtures, except?: string): string {
  return operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .reduce(
      (path, { name }) =>
        name === except
          ? path
          : path.replace(
              `{${name}}`,
              encodeURIComponent(fixtures.knownValues[name]?.[0] ?? 'fuzz'),
            ),
      operation.path,
    );
}

/** Requests that break one place of the operation each, in a known way. */
export function knownFindingRequests(operation: Operation, fixtures: FuzzFixtures): FuzzRequest[] {
  const headers: Record<string, string> =
    operation.credential === 'none'
      ? {}
      : { authorization: fixtures.authorization[operation.credential] };
  const request = (url: string, change: string, body?: unknown): FuzzRequest => ({
    method: operation.method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    changes: [change],
  });
  const path = plausiblePath(operation, fixtures);
  const base = operation.body && (operation.bodyExample ?? plausibleValue(operation.body));
  const inBody = operation.body
    ? propertyPaths(operation.body)
        .slice(0, MAX_BODY_PATHS)
        .flatMap((property) =>
          BODY_VALUES.map((value) =>
            request(
              path,
              `${property.join('.')} = ${describe(value)}`,
              withValueAt(base, property, value),
            ),
          ),
        )
    : [];
  const inPath = operation.parameters
    .filter((parameter) => parameter.in === 'path')
    .flatMap(({ name }) =>
      PATH_VALUES.map((value) =>
        request(
          plausiblePath(operation, fixtures, name).replace(`{${name}}`, value),
          `path ${name}=${value.slice(0, 40)}`,
          base,
        ),
      ),
    );
  const inQuery = operation.parameters
    .filter((parameter) => parameter.in === 'query')
    .flatMap(({ name }) =>
      QUERY_VALUES.map((value) =>
        request(`${path}?${name}=${value}`, `query ${name}=${value}`, base),
      ),
    );
  return [...inBody, ...inPath, ...inQuery];
}
