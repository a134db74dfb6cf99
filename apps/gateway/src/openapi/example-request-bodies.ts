import { OpenAPIObject } from '@nestjs/swagger';
import { exampleOfSchema } from './example-of-schema';
import { operationsOf } from './operations-of';

/** Every JSON request body gets an example, made from its schema, unless it declares its own. */
export function exampleRequestBodies(document: OpenAPIObject): void {
  const schemas = document.components?.schemas ?? {};
  for (const { operation } of operationsOf(document)) {
    const body = operation.requestBody;
    const json = body && !('$ref' in body) ? body.content['application/json'] : undefined;
    if (json?.schema === undefined || json.example !== undefined || json.examples !== undefined) {
      continue;
    }
    json.example = exampleOfSchema(json.schema, schemas);
  }
}
