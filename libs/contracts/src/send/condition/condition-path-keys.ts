import { ConditionSyntaxError, expected } from './condition-syntax-error';
import { ConditionToken } from './condition-tokens';

/** Names that lead to an object's prototype; even unreachable, they have no place in a path. */
const RESERVED_KEYS: readonly string[] = ['__proto__', 'prototype', 'constructor'];

/** The property name after `.` (a word) or inside `[ ]` (a string or a whole number). */
export function pathKey(access: '.' | '[', token: ConditionToken): string {
  const key = access === '.' ? dotKey(token) : bracketKey(token);
  if (!RESERVED_KEYS.includes(key)) return key;
  throw new ConditionSyntaxError(
    `'${key}' at position ${token.position} is reserved and cannot be read`,
    token.position,
  );
}

function dotKey(token: ConditionToken): string {
  if (token.kind === 'word') return token.text;
  throw expected("a name after '.'", token);
}

function bracketKey(token: ConditionToken): string {
  if (token.kind === 'string') return token.value;
  if (token.kind === 'number' && Number.isSafeInteger(token.value) && token.value >= 0) {
    return String(token.value);
  }
  throw expected('a string or a whole number inside [ ]', token);
}
