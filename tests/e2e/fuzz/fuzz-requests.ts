import fc from 'fast-check';
import { bodyVariant } from './body-mutations';
import { headerText, wireQueryValue, wireText } from './hostile-values';
import { Credential, Operation, Parameter } from './openapi-operations';

export interface FuzzRequest {
  method: string;
  /** Path and query string, exactly as sent. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** How the request departs from a valid one, for the report of a failure. */
  changes: string[];
}

/** What a request needs to get past authentication and find something: credentials and ids. */
export interface FuzzFixtures {
  authorization: Record<Exclude<Credential, 'none'>, string>;
  /** Values of path and query parameters that name something of the fuzzing account. */
  knownValues: Record<string, string[]>;
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  ';;;',
];

const GARBAGE_AUTHORIZATIONS = [
  'Bearer clarion_sk_0000',
  'Bearer clarion_st_0000',
  'Bearer ',
  `Bearer ${'x'.repeat(4_000)}`,
  'Basic !!!',
  `Basic ${Buffer.from('a:b:c:d').toString('base64')}`,
  `Basic ${Buffer.from(':').toString('base64')}`,
  `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
  'Digest username="x"',
  'Bearer\tclarion_sk_x',
];

function authorizationArb(operation: Operation, fixtures: FuzzFixtures) {
  const garbage = fc.constantFrom(...GARBAGE_AUTHORIZATIONS).map((value) => ({
    headers: { authorization: value } as Record<string, string>,
    change: `authorization ${value.slice(0, 40)}`,
  }));
  const none = fc.constant({ headers: {} as Record<string, string>, change: 'no authorization' });
  if (operation.credential === 'none') return fc.oneof(none, garbage);
  const valid = fc.constant({
    headers: { authorization: fixtures.authorization[operation.credential] } as Record<
      string,
      string
    >,
    change: '',
  });
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 1, arbitrary: none },
    { weight: 1, arbitrary: garbage },
  );
}

function parameterValueArb(
  parameter: Parameter,
  fixtures: FuzzFixtures,
  hostile: fc.Arbitrary<string>,
) {
  const known = fixtures.knownValues[parameter.name] ?? [];
  const plausible = known.length
    ? fc.constantFrom(...known.map(encodeURIComponent))
    : fc.constant('fuzz');
  return fc.oneof(
    { weight: 1, arbitrary: plausible.map((value) => ({ value, hostile: false })) },
    { weight: 2, arbitrary: hostile.map((value) => ({ value, hostile: true })) },
  );
}

function pathArb(operation: Operation, fixtures: FuzzFixtures) {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'path');
  return fc
    .tuple(...parameters.map((parameter) => parameterValueArb(parameter, fixtures, wireText)))
    .map((values) => {
      let path = operation.path;
      const changes: string[] = [];
      parameters.forEach((parameter, index) => {
        const { value, hostile } = values[index]!;
        path = path.replace(`{${parameter.name}}`, value);
        if (hostile) changes.push(`path ${parameter.name}=${value.slice(0, 80)}`);
      });
      return { path, changes };
    });
}

/** One query parameter as `name=value`, repeated, bracketed, or without a value. */
function queryPairArb(name: string, value: fc.Arbitrary<string>) {
  return fc.oneof(
    { weight: 4, arbitrary: value.map((v) => `${name}=${v}`) },
    { weight: 1, arbitrary: fc.tuple(value, value).map(([a, b]) => `${name}=${a}&${name}=${b}`) },
    { weight: 1, arbitrary: value.map((v) => `${name}[]=${v}`) },
    { weight: 1, arbitrary: value.map((v) => `${name}[a]=${v}`) },
    { weight: 1, arbitrary: fc.constantFrom(name, `${name}=`) },
  );
}

function queryArb(operation: Operation, fixtures: FuzzFixtures) {
  const parameters = operation.parameters.filter((parameter) => parameter.in === 'query');
  const pairs = parameters.map((parameter) =>
    fc.option(
      parameterValueArb(parameter, fixtures, wireQueryValue).chain(({ value, hostile }) =>
        hostile
          ? queryPairArb(parameter.name, fc.constant(value))
          : fc.constant(`${parameter.name}=${value}`),
      ),
      { freq: 2 },
    ),
  );
  const unknown = fc.option(queryPairArb('unknownParam', wireQueryValue), { freq: 4 });
  return fc.tuple(fc.tuple(...pairs), unknown).map(([declared, extra]) => {
    const all = [...declared, extra].filter((pair): pair is string => pair !== null);
    return all.length ? `?${all.join('&')}` : '';
  });
}

function headersArb(operation: Operation) {
  const declared = operation.parameters.filter((parameter) => parameter.in === 'header');
  return fc
    .tuple(
      fc.tuple(
        ...declared.map((parameter) =>
          fc.option(headerText.map((value) => [parameter.name, value] as const)),
        ),
      ),
      fc.option(fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x'), { freq: 8 }),
      fc.option(headerText, { freq: 8 }),
    )
    .map(([values, encoding, forwardedFor]) => {
      const headers: Record<string, string> = {};
      for (const entry of values) if (entry) headers[entry[0].toLowerCase()] = entry[1];
      if (encoding !== null) headers['content-encoding'] = encoding;
      if (forwardedFor !== null) headers['x-forwarded-for'] = forwardedFor;
      return headers;
    });
}

interface BodyPart {
  body: string | undefined;
  contentType: string | null;
  change: string;
}

function bodyArb(operation: Operation): fc.Arbitrary<BodyPart> {
  const contentType: fc.Arbitrary<string | null> = fc.option(
    fc.oneof(
      { weight: 8, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    ),
    { freq: 10 },
  );
  if (operation.body) {
    return fc
      .tuple(bodyVariant(operation.body, operation.bodyExample), contentType)
      .map(([variant, type]) => ({
        body: variant.text,
        contentType: type,
        change: variant.change,
      }));
  }
  // An operation without a body is sent one now and then.
  const stray = fc.option(bodyVariant({ type: 'object' }, { stray: true }), { freq: 5 });
  return fc.tuple(stray, contentType).map(([variant, type]) => ({
    body: variant?.text,
    contentType: variant ? type : null,
    change: variant ? `a body where none is taken: ${variant.change}` : '',
  }));
}

function withContentType(
  headers: Record<string, string>,
  body: string | undefined,
  contentType: string | null,
): Record<string, string> {
  return body === undefined || contentType === null
    ? headers
    : { ...headers, 'content-type': contentType };
}

/** Mostly the operation's method; now and then one no operation of the path takes. */
function methodArb(operation: Operation): fc.Arbitrary<string> {
  if (operation.undeclaredMethods.length === 0) return fc.constant(operation.method);
  return fc.oneof(
    { weight: 19, arbitrary: fc.constant(operation.method) },
    { weight: 1, arbitrary: fc.constantFrom(...operation.undeclaredMethods) },
  );
}

/** Requests to one operation, each malformed in one or more of its parts. */
export function fuzzRequestArb(
  operation: Operation,
  fixtures: FuzzFixtures,
): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      authorizationArb(operation, fixtures),
      pathArb(operation, fixtures),
      queryArb(operation, fixtures),
      headersArb(operation),
      bodyArb(operation),
      methodArb(operation),
    )
    .map(([auth, path, query, headers, body, method]) => ({
      method,
      url: `${path.path}${query}`,
      headers: withContentType({ ...headers, ...auth.headers }, body.body, body.contentType),
      body: body.body,
      changes: [
        method === operation.method ? '' : `method ${method} instead of ${operation.method}`,
        auth.change,
        ...path.changes,
        query && `query ${query.slice(0, 160)}`,
        ...Object.entries(headers).map(([name, value]) => `header ${name}: ${value.slice(0, 60)}`),
        body.change,
      ].filter(Boolean),
    }));
}
