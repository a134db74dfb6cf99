import fc from 'fast-check';
import { hostileJsonValue, rawBodyText } from './hostile-values';
import { JsonSchema } from './openapi-operations';

type JsonObject = Record<string, unknown>;

/** A body that passes the schema's shape: the document's example, or the least the schema asks. */
export function plausibleValue(schema: JsonSchema, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type ?? 'object') {
    case 'string':
      return 'fuzz';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !schema.items ? [] : [plausibleValue(schema.items, depth + 1)];
    default: {
      if (!schema.properties || depth > 4) return {};
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([key, property]) => required.has(key) || property.example !== undefined)
          .map(([key, property]) => [key, plausibleValue(property, depth + 1)]),
      );
    }
  }
}

/** Every property path the schema names, nested objects included (`to.email`). */
export function propertyPaths(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  if (depth > 4 || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, property]) => [
    [...prefix, key],
    ...propertyPaths(property, [...prefix, key], depth + 1),
  ]);
}

export function withValueAt(body: unknown, path: string[], value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const object: JsonObject =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { ...(body as JsonObject) }
      : {};
  Object.defineProperty(object, key, {
    value: withValueAt(object[key], rest, value),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return object;
}

function withoutValueAt(body: unknown, path: string[]): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const [key, ...rest] = path;
  if (key === undefined) return body;
  const object = { ...(body as JsonObject) };
  if (rest.length === 0) delete object[key];
  else object[key] = withoutValueAt(object[key], rest);
  return object;
}

export interface BodyVariant {
  /** The body as sent. */
  text: string;
  /** What was done to it, for the report of a failure. */
  change: string;
}

/** A body for an operation: the plausible one, one property broken, or not an object at all. */
export function bodyVariant(schema: JsonSchema, example: unknown): fc.Arbitrary<BodyVariant> {
  const base = example ?? plausibleValue(schema);
  const paths = propertyPaths(schema);
  const asIs = fc.constant({ text: JSON.stringify(base), change: 'the plausible body' });
  const pathArb = paths.length
    ? fc.constantFrom(...paths)
    : fc.constant<string[]>(['unknownField']);
  const replaced = fc.tuple(pathArb, hostileJsonValue).map(([path, value]) => ({
    text: JSON.stringify(withValueAt(base, path, value)),
    change: `${path.join('.')} = ${describe(value)}`,
  }));
  const nulled = pathArb.map((path) => ({
    text: JSON.stringify(withValueAt(base, path, null)),
    change: `${path.join('.')} = null`,
  }));
  const removed = pathArb.map((path) => ({
    text: JSON.stringify(withoutValueAt(base, path)),
    change: `without ${path.join('.')}`,
  }));
  const unknownKey = fc
    .tuple(fc.string({ maxLength: 20 }), hostileJsonValue)
    .map(([key, value]) => ({
      text: JSON.stringify(withValueAt(base, [key || 'extra'], value)),
      change: `unknown key ${JSON.stringify(key)} = ${describe(value)}`,
    }));
  const anything = hostileJsonValue.map((value) => ({
    text: JSON.stringify(value) ?? '',
    change: `the body is ${describe(value)}`,
  }));
  const raw = rawBodyText.map((text) => ({ text, change: `raw body ${describe(text)}` }));
  return fc.oneof(
    { weight: 1, arbitrary: asIs },
    { weight: 5, arbitrary: replaced },
    { weight: 2, arbitrary: nulled },
    { weight: 1, arbitrary: removed },
    { weight: 1, arbitrary: unknownKey },
    { weight: 1, arbitrary: anything },
    { weight: 1, arbitrary: raw },
  );
}

/** A value short enough for a report line. */
export function describe(value: unknown): string {
  const text =
    typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 100)}… (${text.length} chars)` : text;
}
