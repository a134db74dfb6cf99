import {
  BinaryOperator,
  ConditionFunction,
  ConditionLiteral,
  ConditionRoot,
} from './condition-ast';

/**
 * The operators between `!`/`not` and a single value, from the loosest to the tightest binding.
 * None of them chains: `a < b < c` is an error rather than a surprise.
 */
export const RELATIONAL_LEVELS: readonly (readonly BinaryOperator[])[] = [
  ['==', '!=', '<', '<=', '>', '>='],
  ['in', 'not in'],
  ['contains'],
  ['startsWith'],
  ['endsWith'],
];

export const OR_WORDS: readonly string[] = ['||', 'or'];
export const AND_WORDS: readonly string[] = ['&&', 'and'];
export const NOT_WORDS: readonly string[] = ['!', 'not'];

/** Words that are operators, so never a value on their own. */
export const OPERATOR_WORDS: readonly string[] = [
  'or',
  'and',
  'not',
  'in',
  'contains',
  'startsWith',
  'endsWith',
];

export const ROOTS: readonly ConditionRoot[] = ['parameters', 'user'];

export const FUNCTIONS: readonly ConditionFunction[] = ['exists', 'lower', 'upper', 'length'];

export function isOneOf<T extends string>(options: readonly T[], text: string): text is T {
  return (options as readonly string[]).includes(text);
}

/** The value of `true`, `false` or `null`; undefined for any other word. */
export function wordLiteral(word: string): { value: ConditionLiteral } | undefined {
  if (word === 'true') return { value: true };
  if (word === 'false') return { value: false };
  if (word === 'null') return { value: null };
  return undefined;
}
