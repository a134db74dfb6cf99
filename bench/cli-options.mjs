// Option parsing shared by the benchmarks that parse theirs at the top of the module.
import { parseArgs } from 'node:util';

/** Whether `error` is parseArgs refusing the arguments (an unknown option, one missing its value). */
export function isArgumentsError(error) {
  return String(error?.code).startsWith('ERR_PARSE_ARGS_');
}

/**
 * `parseArgs(config)`; with `--help`, the usage on stdout and exit status 0; when the arguments do
 * not parse (an unknown option, one missing its value), the reason and the usage on stderr and
 * exit status 2.
 * @template {import('node:util').ParseArgsConfig} T
 * @param {T} config
 * @param {string} usage
 * @returns {ReturnType<typeof parseArgs<T>>}
 */
export function parseOptionsOrExit(config, usage) {
  let parsed;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    if (!isArgumentsError(error)) throw error;
    process.stderr.write(`${error.message}\n\n${usage}\n`);
    process.exit(2);
  }
  if (/** @type {Record<string, unknown>} */ (parsed.values).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}
