import { ClassConstructor, plainToInstance } from 'class-transformer';
import {
  getMetadataStorage,
  MetadataStorage,
  validateSync,
  ValidatorOptions,
} from 'class-validator';

/** The options the gateway's pipe validates bodies with (apps/gateway/src/errors/validation-pipe.ts). */
export const GATEWAY_VALIDATOR_OPTIONS: ValidatorOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: false,
  validationError: { target: false, value: false },
};

export type Rule = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
export type Body = Record<string, unknown>;
export type Dto = ClassConstructor<object>;

/** Every class the loaded modules gave validation rules to. */
export function classesWithRules(): Dto[] {
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<unknown, Rule[]> };
  return [...storage.validationMetadatas.keys()].filter(
    (target): target is Dto => typeof target === 'function',
  );
}

/** The instance the pipe validates, or undefined when class-transformer refuses the body. */
export function instanceOf(dto: Dto, body: Body): object | undefined {
  try {
    return plainToInstance(dto, body);
  } catch {
    return undefined;
  }
}

/** Pseudo-random numbers that are the same on every run (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const long = (length: number) => 'x'.repeat(length);
/** Values any property may meet: wrong types, edge lengths, well-formed strings of common kinds. */
export const COMMON_VALUES: unknown[] = [
  ...[undefined, null, '', 'x', ' ', long(201), long(1_001), 0, 1, 1.5, -1, 42, true, false],
  ...[[], ['x'], [{}], [[]], {}, { k: 'v' }, '2030-01-02T03:04:05Z', '2030-01-02', '09:30', '12'],
  ...['ada@example.com', 'https://example.com/a', 'example.com', '+15005550006', 'US', 'en-US'],
  ...['3f2b8f4e-8c1a-4d7e-9b1a-2c3d4e5f6a7b', 'Europe/Paris', 'aGVsbG8=', '123456', 'ABCDE12345'],
  ...['0123456789abcdef'.repeat(4), 'openai:gpt-4o', 'get_weather', 'welcome', 'a && b'],
];

/** Values beside which a wrong one makes an array for an `each` rule. */
export const WELL_FORMED = [
  '3f2b8f4e-8c1a-4d7e-9b1a-2c3d4e5f6a7b',
  'ada@example.com',
  'https://example.com/a',
  '+15005550006',
  'welcome',
];

export function rulesOf(dto: Dto): Rule[] {
  return getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false, undefined);
}

export function propertiesOf(dto: Dto): string[] {
  return [...new Set(rulesOf(dto).map((rule) => rule.propertyName))];
}

/** Values a rule's own constraints point at: its enum or list members, lengths around its bounds. */
export function valuesSuggestedBy(rule: Rule): unknown[] {
  const [first] = (rule.constraints ?? []) as unknown[];
  if (Array.isArray(first)) return [...first, first.slice(0, 1)];
  if (typeof first === 'number' && /length/i.test(rule.name ?? '')) {
    return [long(first), long(first + 1), long(Math.max(0, first - 1))];
  }
  if (typeof first === 'number') return [first, first - 1, first + 1, first - 0.5];
  if (rule.name === 'isEnum' && typeof first === 'object' && first !== null) {
    const members = Object.values(first);
    return [...members, members.slice(0, 2)];
  }
  return [];
}

export function takesArray(rule: Rule): boolean {
  return rule.each || /^(isArray|array)/.test(rule.name ?? '');
}

/** The class class-transformer builds a property's object (or array elements) as, if any. */
export function nestedClassOf(dto: Dto, name: string): Dto | undefined {
  for (const probe of [{}, [{}]]) {
    const value = (instanceOf(dto, { [name]: probe }) as Body | undefined)?.[name];
    const element: unknown = Array.isArray(value) ? value[0] : value;
    if (element instanceof Object && element.constructor !== Object)
      return element.constructor as Dto;
  }
  return undefined;
}

export function failingProperties(dto: Dto, body: Body): string[] {
  const instance = instanceOf(dto, body);
  if (!instance) return Object.keys(body);
  return validateSync(instance, GATEWAY_VALIDATOR_OPTIONS).map((error) => error.property);
}

export function isValid(dto: Dto, body: Body): boolean {
  const instance = instanceOf(dto, body);
  return instance !== undefined && validateSync(instance, GATEWAY_VALIDATOR_OPTIONS).length === 0;
}
