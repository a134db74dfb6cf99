import { ReferenceObject, SchemaObject } from '@nestjs/swagger';

type Schemas = Record<string, SchemaObject | ReferenceObject>;

const STRING_BY_FORMAT: Record<string, string> = {
  'date-time': '2026-05-04T09:30:00Z',
  date: '2026-05-04',
  email: 'ada@example.com',
  uri: 'https://example.com',
  url: 'https://example.com',
  uuid: '01968a2e-6f1c-7b3a-9d0e-2f4c5a6b7c8d',
};

/**
 * A value the schema accepts, for a request body's example: a property's own `example` where the
 * DTO gives one, otherwise the first enum value or a plain value of the type. Objects carry their
 * required properties and those the DTO gives an example of.
 */
export function exampleOfSchema(schema: SchemaObject | ReferenceObject, schemas: Schemas): unknown {
  const resolved = resolve(schema, schemas);
  if (resolved.example !== undefined) return resolved.example;
  if (resolved.enum !== undefined) return resolved.enum[0];
  const [first] = resolved.allOf ?? resolved.oneOf ?? resolved.anyOf ?? [];
  if (first !== undefined) return exampleOfSchema(first, schemas);
  switch (resolved.type ?? 'object') {
    case 'array':
      return resolved.items === undefined ? [] : [exampleOfSchema(resolved.items, schemas)];
    case 'string':
      return exampleOfString(resolved);
    case 'integer':
    case 'number':
      return resolved.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return exampleOfObject(resolved, schemas);
  }
}

function exampleOfObject(schema: SchemaObject, schemas: Schemas): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([name, property]) => required.has(name) || hasOwnExample(property))
      .map(([name, property]) => [name, exampleOfSchema(property, schemas)]),
  );
}

function exampleOfString(schema: SchemaObject): string {
  const byFormat = schema.format === undefined ? undefined : STRING_BY_FORMAT[schema.format];
  return (byFormat ?? 'string').padEnd(schema.minLength ?? 0, '-');
}

function hasOwnExample(schema: SchemaObject | ReferenceObject): boolean {
  return !('$ref' in schema) && schema.example !== undefined;
}

function resolve(schema: SchemaObject | ReferenceObject, schemas: Schemas): SchemaObject {
  if (!('$ref' in schema)) return schema;
  const target = schemas[schema.$ref.replace('#/components/schemas/', '')];
  if (target === undefined) throw new Error(`${schema.$ref} is not in the document`);
  return resolve(target, schemas);
}
