import { plainToInstance } from 'class-transformer';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import '../index'; // every contract class, so that all their metadata is in the storages
import {
  classesWithRules,
  Dto,
  nestedClassOf,
  propertiesOf,
  seededRandom,
} from '../validation/test-peers/contract-rules';
import { ValidityCorpus } from '../validation/test-peers/validity-corpus';
import { instanceOfPlain } from './instance-of-plain';
import { hostileVariantsOf } from './test-peers/hostile-bodies';
import { sharedObject, strictDifference } from './test-peers/strict-difference';
import { BENCHMARK_BODIES } from '../validation/test-peers/benchmark-bodies';

const BODIES_PER_CLASS = 40;

interface Tally {
  name: string;
  /** Neither it nor a class nested in it has a @Transform or a @Type of a built-in (Number...). */
  modelled: boolean;
  bodies: number;
  answered: number;
}

type Outcome = 'answered' | 'unsure' | 'refused';

/**
 * One body through both. A wrong answer is one that differs from class-transformer's instance,
 * shares an object with the body, or is given where class-transformer throws.
 */
function compare(dto: Dto, body: unknown, wrong: string[]): Outcome {
  let expected: unknown;
  let refused = false;
  try {
    expected = plainToInstance(dto, body);
  } catch {
    refused = true;
  }
  const sut = instanceOfPlain(dto, body);
  if (sut === undefined) return refused ? 'refused' : 'unsure';
  const difference = refused
    ? 'answered where class-transformer throws'
    : (strictDifference(sut, expected) ?? sharedObject(sut, body));
  if (difference) wrong.push(`${dto.name} ${difference} ${JSON.stringify(body)}`);
  return refused ? 'refused' : 'answered';
}

describe(`${instanceOfPlain.name} against class-transformer`, () => {
  it('answers as class-transformer does for generated and hostile bodies of every contract class', () => {
    const corpus = new ValidityCorpus(seededRandom(20_261_129));
    const random = seededRandom(7);
    const wrong: string[] = [];
    const tallies: Tally[] = classesWithRules().map((dto) => {
      const tally: Tally = { name: dto.name, modelled: isModelled(dto), bodies: 0, answered: 0 };
      for (const body of corpus.bodiesOf(dto, BODIES_PER_CLASS)) {
        for (const variant of [body, ...hostileVariantsOf(body, random)]) {
          const outcome = compare(dto, variant, wrong);
          if (outcome === 'refused') continue;
          tally.bodies++;
          if (outcome === 'answered') tally.answered++;
        }
      }
      return tally;
    });
    report(tallies);

    expect(wrong.slice(0, 10)).toEqual([]);
    // The fast path is worth having only if it answers for nearly all bodies of the classes it
    // models: all but those with @Transform or a @Type(() => Number) etc. property (queries).
    // What it leaves: bodies nested deeper than its limit, and JSON.parse'd "constructor" keys.
    const modelled = tallies.filter((tally) => tally.modelled);
    expect(modelled.length).toBeGreaterThan(0.8 * tallies.length);
    const sum = (key: 'bodies' | 'answered') => modelled.reduce((n, t) => n + t[key], 0);
    expect(sum('answered')).toBeGreaterThanOrEqual(0.95 * sum('bodies'));
  });

  it.each(BENCHMARK_BODIES)('answers the %s body as class-transformer does', (_, dto, body) => {
    const plain: unknown = JSON.parse(JSON.stringify(body));
    const wrong: string[] = [];
    expect(compare(dto, plain, wrong)).toBe('answered');
    expect(wrong).toEqual([]);
  });
});

const BUILT_IN_TYPES: unknown[] = [String, Number, Boolean, Date];

/** Read from class-transformer's public lookups, apart from the fast path's own plan. */
function isModelled(dto: Dto, seen = new Set<Dto>()): boolean {
  if (seen.has(dto)) return true;
  seen.add(dto);
  return propertiesOf(dto).every((name) => {
    if (defaultMetadataStorage.findTransformMetadatas(dto, name, 1).length > 0) return false;
    const type = defaultMetadataStorage.findTypeMetadata(dto, name)?.typeFunction();
    if (BUILT_IN_TYPES.includes(type)) return false;
    const nested = nestedClassOf(dto, name);
    return !nested || isModelled(nested, seen);
  });
}

/** Per class, how many bodies the fast path answered (TRANSFORM_REPORT=1 prints it). */
function report(tallies: Tally[]): void {
  if (!process.env['TRANSFORM_REPORT']) return;
  const total = (key: 'bodies' | 'answered') => tallies.reduce((n, t) => n + t[key], 0);
  const lines = tallies.map(
    (t) => `${t.name}${t.modelled ? '' : ' (not modelled)'}: ${t.answered}/${t.bodies} answered`,
  );
  lines.push(`all classes: ${total('answered')}/${total('bodies')} answered`);
  const modelled = tallies.filter((t) => t.modelled);
  const inModelled = (key: 'bodies' | 'answered') => modelled.reduce((n, t) => n + t[key], 0);
  lines.push(
    `${modelled.length}/${tallies.length} classes modelled: ${inModelled('answered')}/${inModelled('bodies')} answered`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
