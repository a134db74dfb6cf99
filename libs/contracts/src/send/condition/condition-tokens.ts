import { MAX_CONDITION_TOKENS } from './condition-limits';
import { ConditionSyntaxError } from './condition-syntax-error';

export type ConditionSymbol =
  '(' | ')' | '[' | ']' | ',' | '.' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '&&' | '||' | '!';

interface TokenAt {
  /** The token as written in the source. */
  readonly text: string;
  readonly position: number;
}

export interface NumberToken extends TokenAt {
  readonly kind: 'number';
  readonly value: number;
}

export interface StringToken extends TokenAt {
  readonly kind: 'string';
  readonly value: string;
}

/** A name or a keyword (`true`, `and`, `contains`…); the parser tells them apart. */
export interface WordToken extends TokenAt {
  readonly kind: 'word';
}

export interface SymbolToken extends TokenAt {
  readonly kind: 'symbol';
  readonly text: ConditionSymbol;
}

export interface EndToken extends TokenAt {
  readonly kind: 'end';
}

export type ConditionToken = NumberToken | StringToken | WordToken | SymbolToken | EndToken;

// Longer symbols first, so `<=` is not read as `<` then `=`.
const SYMBOLS: readonly ConditionSymbol[] = [
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '(',
  ')',
  '[',
  ']',
  ',',
  '.',
  '<',
  '>',
  '!',
];
const NUMBER = /-?\d+(?:\.\d+)?/y;
const WORD = /[A-Za-z_$][\w$]*/y;
const WHITESPACE = /\s*/y;
const ESCAPES = new Map([
  ['\\', '\\'],
  ["'", "'"],
  ['"', '"'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
]);
const HEX4 = /[0-9A-Fa-f]{4}/y;
const MEANT = new Map([
  ['=', '=='],
  ['&', '&&'],
  ['|', '||'],
]);

/** Splits a condition into tokens, ending with an `end` token at the source's length. */
export function tokenizeCondition(source: string): ConditionToken[] {
  const tokens: ConditionToken[] = [];
  let position = skipWhitespace(source, 0);
  while (position < source.length) {
    if (tokens.length === MAX_CONDITION_TOKENS) {
      throw new ConditionSyntaxError(
        `Condition has more than ${MAX_CONDITION_TOKENS} tokens; the limit is passed at position ${position}`,
        position,
      );
    }
    const token = readToken(source, position);
    tokens.push(token);
    position = skipWhitespace(source, token.position + token.text.length);
  }
  tokens.push({ kind: 'end', text: '', position: source.length });
  return tokens;
}

function readToken(source: string, position: number): ConditionToken {
  const char = source.charAt(position);
  if (char === "'" || char === '"') return readString(source, position);
  const number = match(NUMBER, source, position);
  if (number !== undefined) return readNumber(number, position);
  const word = match(WORD, source, position);
  if (word !== undefined) return { kind: 'word', text: word, position };
  const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, position));
  if (symbol !== undefined) return { kind: 'symbol', text: symbol, position };
  throw unexpectedCharacter(char, position);
}

function readNumber(text: string, position: number): NumberToken {
  const value = Number(text);
  if (!Number.isFinite(value)) {
    throw new ConditionSyntaxError(`Number at position ${position} is too large`, position);
  }
  return { kind: 'number', text, value, position };
}

function readString(source: string, start: number): StringToken {
  const quote = source.charAt(start);
  let value = '';
  let position = start + 1;
  while (position < source.length) {
    const char = source.charAt(position);
    if (char === quote) {
      return { kind: 'string', text: source.slice(start, position + 1), value, position: start };
    }
    if (char !== '\\') {
      value += char;
      position += 1;
      continue;
    }
    const [escaped, length] = readEscape(source, position);
    value += escaped;
    position += length;
  }
  throw new ConditionSyntaxError(
    `Expected a closing ${quote} for the string at position ${start} but found the end of the condition`,
    start,
  );
}

/** The character a backslash sequence stands for, and how many source characters it takes. */
function readEscape(source: string, backslash: number): [string, number] {
  const code = source.charAt(backslash + 1);
  const simple = ESCAPES.get(code);
  if (simple !== undefined) return [simple, 2];
  const hex = code === 'u' ? match(HEX4, source, backslash + 2) : undefined;
  if (hex !== undefined) return [String.fromCharCode(parseInt(hex, 16)), 6];
  throw new ConditionSyntaxError(
    `Unknown escape '\\${code}' at position ${backslash}; use \\\\, \\', \\", \\n, \\r, \\t or \\uXXXX`,
    backslash,
  );
}

function unexpectedCharacter(char: string, position: number): ConditionSyntaxError {
  const meant = MEANT.get(char);
  const hint = meant === undefined ? '' : `; did you mean '${meant}'?`;
  return new ConditionSyntaxError(`Unexpected '${char}' at position ${position}${hint}`, position);
}

function skipWhitespace(source: string, position: number): number {
  return position + (match(WHITESPACE, source, position)?.length ?? 0);
}

function match(pattern: RegExp, source: string, position: number): string | undefined {
  pattern.lastIndex = position;
  return pattern.exec(source)?.[0];
}
