// Validates objects with the JSON-schema validators compiled into the kubernetes-models packages
// (types, required fields, enums, formats and patterns). Those packages are ES modules, which
// Jest's CommonJS runtime cannot load, so schema-validation.ts runs this in a node child.
// stdin: [{ module, kind, object }]; stdout: one list of error messages per object.
import { text } from 'node:stream/consumers';

const entries = JSON.parse(await text(process.stdin));
const results = await Promise.all(
  entries.map(async ({ module, kind, object }) => {
    const Model = (await import(module))[kind];
    try {
      new Model(object).validate();
      return [];
    } catch (error) {
      return [error instanceof Error ? error.message : String(error)];
    }
  }),
);
process.stdout.write(JSON.stringify(results));
