import { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import { ERROR_RESPONSES, ErrorStatus, RETRY_AFTER_HEADER } from './error-responses';
import { operationsOf } from './operations-of';

/**
 * The error answers each operation can give, inferred from what it takes: 400 for input, 401,
 * 403, 421 (credentials of another region) and 429 behind credentials, 404 for an id in the path, 413 and 415 for a body, 503 and 504 when
 * a service behind the gateway fails. An answer the operation declares itself is kept.
 */
export function documentErrorResponses(document: OpenAPIObject): void {
  const components = (document.components ??= {});
  components.headers = { ...components.headers, RetryAfter: RETRY_AFTER_HEADER };
  const used = new Set<ErrorStatus>();
  for (const { path, operation } of operationsOf(document)) {
    for (const status of errorStatusesOf(path, operation)) {
      if (operation.responses[status] !== undefined) continue;
      operation.responses[status] = {
        $ref: `#/components/responses/${ERROR_RESPONSES[status].name}`,
      };
      used.add(status);
    }
  }
  components.responses = {
    ...components.responses,
    ...Object.fromEntries(
      [...used]
        .sort()
        .map((status) => [ERROR_RESPONSES[status].name, ERROR_RESPONSES[status].response]),
    ),
  };
}

function errorStatusesOf(path: string, operation: OperationObject): ErrorStatus[] {
  const hasBody = operation.requestBody !== undefined;
  const hasInput = hasBody || (operation.parameters ?? []).length > 0;
  const needsCredentials = (operation.security ?? []).length > 0;
  // GET /status reports the services it cannot reach in its own 503.
  const reportsOutages = operation.responses['503'] !== undefined;
  const statuses: [ErrorStatus, boolean][] = [
    ['400', hasInput],
    ['401', needsCredentials],
    ['403', needsCredentials],
    ['404', path.includes('{')],
    ['413', hasBody],
    ['415', hasBody],
    ['421', needsCredentials],
    ['429', needsCredentials],
    ['503', !reportsOutages],
    ['504', !reportsOutages],
  ];
  return statuses.filter(([, applies]) => applies).map(([status]) => status);
}
