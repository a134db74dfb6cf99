// Lints the OpenAPI document read from stdin with redocly.yaml and .redocly.lint-ignore.yaml and
// prints the problems that are not ignored, as JSON. A script of its own because
// @redocly/openapi-core is an ES module, which Jest's CommonJS module system cannot load.
import { join, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import { lintFromString, loadConfig } from '@redocly/openapi-core';

const root = resolve(import.meta.dirname, '../../../..');
const config = await loadConfig({ configPath: join(root, 'redocly.yaml') });
const problems = await lintFromString({
  source: await text(process.stdin),
  absoluteRef: join(root, 'openapi.json'),
  config,
});
const reported = problems
  .map((problem) => config.addProblemToIgnore(problem))
  .filter((problem) => !problem.ignored)
  .map(({ ruleId, severity, message, location }) => ({
    ruleId,
    severity,
    message,
    pointer: location[0]?.pointer,
  }));
process.stdout.write(JSON.stringify(reported));
