/** The parts of the gateway's OpenAPI document the fuzzer reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  nullable?: boolean;
  allOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
}

export type Credential = 'apiKey' | 'memberSession' | 'endUser' | 'none';

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  /** The request body's schema, with every $ref resolved; undefined when it takes none. */
  body?: JsonSchema;
  /** The body the document shows as its example, when it shows one. */
  bodyExample?: unknown;
  /** How a caller of this operation signs in; `none` for a public operation. */
  credential: Credential;
  /** Methods no operation of this path takes (a request with one must still get the object). */
  undeclaredMethods: string[];
}

interface OperationObject {
  parameters?: Parameter[];
  security?: Record<string, unknown>[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema; example?: unknown }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
/** HEAD is left out: its answer has no body to hold the error object. */
const WRONG_METHODS = ['GET', 'PUT', 'POST', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'];
const MAX_REF_DEPTH = 6;

/** Every operation of the document, as method, path, what it takes and how it signs in. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const declared = Object.keys(item).map((method) => method.toUpperCase());
    const undeclaredMethods = WRONG_METHODS.filter((method) => !declared.includes(method));
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const json = operation.requestBody?.content?.['application/json'];
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: json?.schema && resolveSchema(document, json.schema),
        bodyExample: json?.example,
        credential: credentialOf(operation.security ?? []),
        undeclaredMethods,
      });
    }
  }
  return operations;
}

/** API keys reach most operations; member-only and end-user operations take their own. */
function credentialOf(security: Record<string, unknown>[]): Credential {
  const schemes = security.flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('apiKey')) return 'apiKey';
  if (schemes.includes('memberSession')) return 'memberSession';
  if (schemes.includes('endUser')) return 'endUser';
  return 'none';
}

/** The schema with $refs and single-member allOfs replaced by what they name, to a bounded depth. */
export function resolveSchema(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth = 0,
): JsonSchema {
  if (depth > MAX_REF_DEPTH) return { type: 'object' };
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = document.components?.schemas?.[name] ?? { type: 'object' };
    return resolveSchema(document, target, depth + 1);
  }
  const { allOf, ...rest } = schema;
  const merged: JsonSchema = allOf
    ? {
        ...allOf.reduce(
          (all, part) => ({ ...all, ...resolveSchema(document, part, depth + 1) }),
          {},
        ),
        ...rest,
      }
    : rest;
  return {
    ...merged,
    ...(merged.items && { items: resolveSchema(document, merged.items, depth + 1) }),
    ...(merged.properties && {
      properties: Object.fromEntries(
        Object.entries(merged.properties).map(([key, value]) => [
          key,
          resolveSchema(document, value, depth + 1),
        ]),
      ),
    }),
  };
}
