import {
  Body,
  COMMON_VALUES,
  Dto,
  failingProperties,
  isValid,
  nestedClassOf,
  propertiesOf,
  rulesOf,
  takesArray,
  valuesSuggestedBy,
  WELL_FORMED,
} from './contract-rules';

/** Values to try on a property: `plausible` ones to search valid bodies with, and `all`. */
interface Candidates {
  plausible: unknown[];
  all: unknown[];
}

/** Bodies the validator accepts, and values each property may take instead in them. */
interface ValidShapes {
  bodies: Body[];
  alternatives: Map<string, unknown[]>;
}

/**
 * Bodies for one class, near its boundary: valid ones found from its rules (and variants of them
 * with other valid values), mutated one or two fields at a time (a value from the pool, a removed
 * field, an unknown key), and random ones.
 */
export class ValidityCorpus {
  private readonly shapes = new Map<Dto, ValidShapes>();
  private readonly candidates = new Map<Dto, Map<string, Candidates>>();

  constructor(private readonly random: () => number) {}

  bodiesOf(dto: Dto, count: number): Body[] {
    return Array.from({ length: count }, (_, i) => {
      const variant = this.variantOf(dto, 0);
      if (i % 10 < 4) return variant;
      if (i % 10 === 8) return this.mutated(dto, this.mutated(dto, variant, 0), 0);
      if (i % 10 === 9) return this.randomBodyOf(dto, 0);
      return this.mutated(dto, variant, 0);
    });
  }

  /** A valid body with one to three properties given another value it stays valid with. */
  variantOf(dto: Dto, depth: number): Body {
    const { bodies, alternatives } = this.shapesOf(dto, depth);
    const body = { ...(bodies.length > 0 ? this.pick(bodies) : {}) };
    const names = [...alternatives.keys()];
    for (let n = 1 + Math.floor(this.random() * 3); n > 0 && names.length > 0; n--) {
      const name = this.pick(names);
      const value = this.pick(alternatives.get(name) ?? []);
      if (value === undefined) delete body[name];
      else body[name] = value;
    }
    return body;
  }

  private shapesOf(dto: Dto, depth: number): ValidShapes {
    let shapes = this.shapes.get(dto);
    if (shapes) return shapes;
    // A class nested in itself gets no valid body at that depth.
    this.shapes.set(dto, { bodies: [], alternatives: new Map() });
    const minimal = this.satisfied(dto, {}, depth);
    const full = this.filled(dto, minimal, depth);
    const bodies = [minimal, full].filter((body) => isValid(dto, body));
    shapes = { bodies, alternatives: this.alternativesIn(dto, bodies.at(-1), depth) };
    this.shapes.set(dto, shapes);
    return shapes;
  }

  private mutated(dto: Dto, base: Body, depth: number): Body {
    const names = propertiesOf(dto);
    const body = { ...base };
    const roll = this.random();
    if (roll < 0.08 || names.length === 0) body[`unknown${depth}`] = 'x';
    else if (roll < 0.2) delete body[this.pick(names)];
    else {
      const name = this.pick(names);
      body[name] = this.pick(this.candidatesOf(dto, name, depth).all);
    }
    return body;
  }

  private randomBodyOf(dto: Dto, depth: number): Body {
    const body: Body = {};
    for (const name of propertiesOf(dto)) {
      if (this.random() < 0.5) body[name] = this.pick(this.candidatesOf(dto, name, depth).all);
    }
    return body;
  }

  /** Gives each property the validator names a value that clears it, for a few rounds. */
  private satisfied(dto: Dto, start: Body, depth: number): Body {
    const body = { ...start };
    for (let round = 0; round < 3; round++) {
      const failing = failingProperties(dto, body);
      if (failing.length === 0) break;
      for (const name of failing) {
        const clearing = this.candidatesOf(dto, name, depth).plausible.find(
          (value) => !failingProperties(dto, { ...body, [name]: value }).includes(name),
        );
        if (clearing !== undefined) body[name] = clearing;
      }
    }
    return body;
  }

  /** Sets each property left out to some value (not null) the whole body stays valid with. */
  private filled(dto: Dto, start: Body, depth: number): Body {
    const body = { ...start };
    for (const name of propertiesOf(dto)) {
      if (body[name] !== undefined) continue;
      const keeping = this.candidatesOf(dto, name, depth).plausible.find(
        (value) =>
          value !== undefined && value !== null && isValid(dto, { ...body, [name]: value }),
      );
      if (keeping !== undefined) body[name] = keeping;
    }
    return body;
  }

  /** Per property, up to five of forty values (undefined: left out) the valid body stays valid with. */
  private alternativesIn(dto: Dto, body: Body | undefined, depth: number): Map<string, unknown[]> {
    const alternatives = new Map<string, unknown[]>();
    if (!body) return alternatives;
    for (const name of propertiesOf(dto)) {
      const values: unknown[] = [];
      const candidates = this.candidatesOf(dto, name, depth).plausible;
      const start = Math.floor(this.random() * candidates.length); // not always the same five
      const tried = [...candidates.slice(start), ...candidates.slice(0, start)].slice(0, 40);
      for (const value of tried) {
        if (values.length === 5) break;
        if (isValid(dto, { ...body, [name]: value })) values.push(value);
      }
      if (values.length > 0) alternatives.set(name, values);
    }
    return alternatives;
  }

  /** Values to try on a property: `plausible` ones to search valid bodies with, and `all`. */
  private candidatesOf(dto: Dto, name: string, depth: number): Candidates {
    let byProperty = this.candidates.get(dto);
    if (!byProperty) this.candidates.set(dto, (byProperty = new Map()));
    const key = `${name}@${depth}`;
    let candidates = byProperty.get(key);
    if (candidates) return candidates;
    const rules = rulesOf(dto).filter((rule) => rule.propertyName === name);
    const suggested = rules.flatMap(valuesSuggestedBy);
    const strings = [...suggested, ...COMMON_VALUES].filter((value) => typeof value === 'string');
    const nested = depth < 3 ? nestedClassOf(dto, name) : undefined;
    const bodies = nested ? [1, 2, 3, 4].map(() => this.variantOf(nested, depth + 1)) : [];
    const plausible = [
      ...suggested,
      ...bodies,
      ...bodies.map((body) => [body]),
      ...COMMON_VALUES,
      ...(rules.some(takesArray) ? strings.map((value) => [value]) : []),
    ];
    // Arrays for `each` rules with a well-formed value beside a wrong one; objects gone wrong.
    const mixed = [...WELL_FORMED, ...strings.slice(0, suggested.length)].flatMap((value) => [
      [value, value],
      [value, 'x'],
      [value, 1],
    ]);
    const mutants = nested ? bodies.map((body) => this.mutated(nested, body, depth + 1)) : [];
    const all = [...plausible, ...mixed, ...mutants, ...mutants.map((body) => [body])];
    if (nested) all.push([...bodies, null], [...bodies, 'x']);
    candidates = { plausible, all };
    byProperty.set(key, candidates);
    return candidates;
  }

  private pick<T>(values: T[]): T {
    return values[Math.floor(this.random() * values.length)] as T;
  }
}
