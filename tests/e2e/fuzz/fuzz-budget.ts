/** How long the fuzzer runs: a fixed, printed seed in CI; `npm run fuzz` runs longer at random. */
export interface FuzzBudget {
  /** Requests per operation. */
  runs: number;
  /** The seed of the whole run; each operation's own seed is derived from it and its name. */
  seed: number;
  /** Operations fuzzed at once (each sends one request at a time). */
  concurrency: number;
  /** Only the operations whose `METHOD /path` contains this text, to reproduce one finding. */
  operationFilter?: string;
  /** Shrink a failing request to a smaller one before reporting it (FUZZ_SHRINK=1; slower). */
  shrink: boolean;
}

/** The run of `npm test`: about 30 s of fuzzing on a 2-core machine (15,000 requests). */
export const CI_RUNS = 120;
export const CI_SEED = 20_261_124;

export function fuzzBudgetOf(env: NodeJS.ProcessEnv): FuzzBudget {
  const runs = Number(env['FUZZ_RUNS'] ?? CI_RUNS);
  const seedText = env['FUZZ_SEED'];
  const seed =
    seedText === 'random' ? Math.floor(Math.random() * 0x7fffffff) : Number(seedText ?? CI_SEED);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FUZZ_RUNS=${env['FUZZ_RUNS']}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED=${seedText}`);
  return {
    runs,
    seed,
    concurrency: Number(env['FUZZ_CONCURRENCY'] ?? 4),
    operationFilter: env['FUZZ_OPERATION'] || undefined,
    shrink: env['FUZZ_SHRINK'] === '1',
  };
}

/** A seed per operation, so that one operation's run replays alone with FUZZ_OPERATION. */
export function operationSeed(seed: number, operationName: string): number {
  let hash = seed | 0;
  for (const char of operationName) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash;
}
