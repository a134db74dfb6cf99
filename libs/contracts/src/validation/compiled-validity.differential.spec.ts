import { validateSync } from 'class-validator';
import '../index'; // every contract class, so that all their rules are in the storage
import { isCertainlyValid } from './compiled-validity';
import {
  classesWithRules,
  GATEWAY_VALIDATOR_OPTIONS,
  instanceOf,
  seededRandom,
} from './test-peers/contract-rules';
import { ValidityCorpus } from './test-peers/validity-corpus';
import { cacheValidationMetadata } from './validation-metadata-cache';
import { BENCHMARK_BODIES } from './test-peers/benchmark-bodies';

const BODIES_PER_CLASS = 120;

interface Tally {
  name: string;
  bodies: number;
  accepted: number;
  certain: number;
}

/** Runs one body through both; a body class-transformer refuses never reaches validation. */
function compare(dto: Parameters<typeof instanceOf>[0], body: Record<string, unknown>) {
  const instance = instanceOf(dto, body);
  if (!instance) return undefined;
  const certain = isCertainlyValid(instance, GATEWAY_VALIDATOR_OPTIONS);
  const accepted = validateSync(instance, GATEWAY_VALIDATOR_OPTIONS).length === 0;
  return { certain, accepted };
}

describe(`${isCertainlyValid.name} against class-validator`, () => {
  beforeAll(() => cacheValidationMetadata()); // as the gateway's pipe runs

  it('is certain only of bodies class-validator accepts, and of nearly all of those', () => {
    const corpus = new ValidityCorpus(seededRandom(20_261_129));
    const wronglyCertain: string[] = [];
    const tallies: Tally[] = classesWithRules().map((dto) => {
      const tally: Tally = { name: dto.name, bodies: 0, accepted: 0, certain: 0 };
      for (const body of corpus.bodiesOf(dto, BODIES_PER_CLASS)) {
        const outcome = compare(dto, body);
        if (!outcome) continue;
        tally.bodies++;
        if (outcome.accepted) tally.accepted++;
        if (outcome.certain && outcome.accepted) tally.certain++;
        if (outcome.certain && !outcome.accepted) {
          wronglyCertain.push(`${dto.name} ${JSON.stringify(body)}`);
        }
      }
      return tally;
    });
    report(tallies);

    expect(wronglyCertain).toEqual([]);
    const sum = (key: keyof Omit<Tally, 'name'>) => tallies.reduce((n, t) => n + t[key], 0);
    // The corpus proves something only if it holds plenty of accepted and of refused bodies...
    expect(sum('accepted')).toBeGreaterThan(0.25 * sum('bodies'));
    expect(sum('bodies') - sum('accepted')).toBeGreaterThan(0.25 * sum('bodies'));
    const withAccepted = tallies.filter((tally) => tally.accepted > 0).length;
    expect(withAccepted).toBeGreaterThan(0.9 * tallies.length);
    // ...and the fast path is worth having only if it answers for nearly all accepted ones.
    expect(sum('certain')).toBeGreaterThanOrEqual(0.95 * sum('accepted'));
  });

  it.each(BENCHMARK_BODIES)('is certain of the %s body', (_, dto, body) => {
    expect(compare(dto, body)).toEqual({ certain: true, accepted: true });
  });
});

/** Per class, how many accepted bodies the fast path answered (VALIDITY_REPORT=1 prints it). */
function report(tallies: Tally[]): void {
  if (!process.env['VALIDITY_REPORT']) return;
  const lines = tallies.map(
    (t) => `${t.name}: ${t.certain}/${t.accepted} accepted bodies certain (${t.bodies} bodies)`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
