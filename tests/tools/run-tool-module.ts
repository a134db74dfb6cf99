import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Runs `body` in a node child with the named exports of `tools/<file>` in scope, and returns what
 * it prints as JSON. tools/ holds ES modules, which Jest's CommonJS runtime cannot load.
 */
export function runWithToolModule<T>(file: string, names: string[], body: string): T {
  const url = pathToFileURL(join(__dirname, '../../tools', file)).href;
  const script = `import { ${names.join(', ')} } from ${JSON.stringify(url)};\n${body}`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return JSON.parse(output) as T;
}
