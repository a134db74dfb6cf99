import type { ConditionToken } from './condition-tokens';

/** A condition that cannot be parsed; `position` is the 0-based offset in the source. */
export class ConditionSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'ConditionSyntaxError';
  }
}

/** `Expected <what> at position <n> but found <token>`. */
export function expected(what: string, found: ConditionToken): ConditionSyntaxError {
  return new ConditionSyntaxError(
    `Expected ${what} at position ${found.position} but found ${describeToken(found)}`,
    found.position,
  );
}

/** How an error message names a token: `')'`, `the string 'ab'`, `the end of the condition`. */
function describeToken(token: ConditionToken): string {
  if (token.kind === 'end') return 'the end of the condition';
  const text = token.text.length > 24 ? `${token.text.slice(0, 24)}…` : token.text;
  return token.kind === 'string' ? `the string ${text}` : `'${text}'`;
}
