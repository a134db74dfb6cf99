import {
  CompiledCondition,
  ConditionLiteral,
  ConditionNode,
  ConditionRoot,
  ListNode,
  PathNode,
} from './condition-ast';
import {
  AND_WORDS,
  FUNCTIONS,
  isOneOf,
  NOT_WORDS,
  OPERATOR_WORDS,
  OR_WORDS,
  RELATIONAL_LEVELS,
  ROOTS,
  wordLiteral,
} from './condition-grammar';
import { MAX_CONDITION_DEPTH, MAX_CONDITION_LENGTH } from './condition-limits';
import { pathKey } from './condition-path-keys';
import { ConditionSyntaxError, expected } from './condition-syntax-error';
import { ConditionTokenCursor } from './condition-token-cursor';
import { ConditionToken, tokenizeCondition } from './condition-tokens';

/**
 * Parses a send's `options.condition` (see docs/conditions.md). Throws a ConditionSyntaxError
 * that names the position and what was expected there.
 */
export function parseCondition(source: string): CompiledCondition {
  if (source.length > MAX_CONDITION_LENGTH) {
    throw new ConditionSyntaxError(
      `Condition is longer than ${MAX_CONDITION_LENGTH} characters; the limit is passed at position ${MAX_CONDITION_LENGTH}`,
      MAX_CONDITION_LENGTH,
    );
  }
  if (source.trim() === '') {
    throw new ConditionSyntaxError('Condition is empty; expected a value at position 0', 0);
  }
  return new ConditionParser(new ConditionTokenCursor(tokenizeCondition(source))).parse();
}

/** Recursive descent, one method per precedence level, loosest first. */
class ConditionParser {
  private depth = 0;

  constructor(private readonly cursor: ConditionTokenCursor) {}

  parse(): ConditionNode {
    const condition = this.parseOr();
    const rest = this.cursor.peek();
    if (rest.kind !== 'end') throw expected('an operator or the end of the condition', rest);
    return condition;
  }

  private parseOr(): ConditionNode {
    let left = this.parseAnd();
    while (this.cursor.accept(OR_WORDS)) {
      left = { kind: 'logical', operator: 'or', left, right: this.parseAnd() };
    }
    return left;
  }

  private parseAnd(): ConditionNode {
    let left = this.parseNot();
    while (this.cursor.accept(AND_WORDS)) {
      left = { kind: 'logical', operator: 'and', left, right: this.parseNot() };
    }
    return left;
  }

  private parseNot(): ConditionNode {
    const token = this.cursor.peek();
    if (!this.cursor.accept(NOT_WORDS)) return this.parseRelational(0);
    return this.nested(token, () => ({ kind: 'not', operand: this.parseNot() }));
  }

  private parseRelational(level: number): ConditionNode {
    const operators = RELATIONAL_LEVELS[level];
    if (operators === undefined) return this.parseValue();
    const left = this.parseRelational(level + 1);
    const operator = this.cursor.peekOperator(operators);
    if (operator === undefined) return left;
    this.cursor.skipOperator(operator);
    const right = this.parseRelational(level + 1);
    const chained = this.cursor.peekOperator(operators);
    if (chained !== undefined) {
      const { position } = this.cursor.peek();
      throw new ConditionSyntaxError(
        `'${chained}' at position ${position} cannot follow '${operator}'; join the two with && or use parentheses`,
        position,
      );
    }
    return { kind: 'binary', operator, left, right };
  }

  private parseValue(): ConditionNode {
    const token = this.cursor.peek();
    switch (token.kind) {
      case 'number':
      case 'string':
        this.cursor.skip(1);
        return { kind: 'literal', value: token.value };
      case 'word':
        return this.parseWord(token.text, token);
      case 'symbol':
        if (token.text === '(') return this.parseGroup(token);
        if (token.text === '[') return this.parseList(token);
        throw expected('a value', token);
      case 'end':
        throw expected('a value', token);
    }
  }

  private parseWord(word: string, token: ConditionToken): ConditionNode {
    const literal = wordLiteral(word);
    if (literal !== undefined) {
      this.cursor.skip(1);
      return { kind: 'literal', value: literal.value };
    }
    if (isOneOf(ROOTS, word)) {
      this.cursor.skip(1);
      return this.parsePath(word);
    }
    if (isOneOf(OPERATOR_WORDS, word)) throw expected('a value', token);
    const isCall = this.cursor.isAt('(', 1);
    if (isCall && isOneOf(FUNCTIONS, word)) {
      return this.nested(token, () => {
        this.cursor.skip(2);
        const argument = this.parseOr();
        this.cursor.expect(')', "')' after the function's argument");
        return { kind: 'call', name: word, argument };
      });
    }
    if (isOneOf(FUNCTIONS, word)) throw expected(`'(' after '${word}'`, this.cursor.peek(1));
    const message = isCall
      ? `Unknown function '${word}' at position ${token.position}; the functions are ${FUNCTIONS.join(', ')}`
      : `Unknown name '${word}' at position ${token.position}; variables start with parameters. or user.`;
    throw new ConditionSyntaxError(message, token.position);
  }

  private parsePath(root: ConditionRoot): PathNode {
    const segments: string[] = [];
    for (;;) {
      const isDot = this.cursor.isAt('.');
      const isBracket = this.cursor.isAt('[');
      if (!isDot && !isBracket) return { kind: 'path', root, segments };
      segments.push(pathKey(isDot ? '.' : '[', this.cursor.peek(1)));
      this.cursor.skip(2);
      if (isBracket) this.cursor.expect(']', "']'");
    }
  }

  private parseGroup(open: ConditionToken): ConditionNode {
    return this.nested(open, () => {
      this.cursor.skip(1);
      const inner = this.parseOr();
      this.cursor.expect(')', "')'");
      return inner;
    });
  }

  private parseList(open: ConditionToken): ListNode {
    return this.nested(open, () => {
      this.cursor.skip(1);
      const items: ConditionLiteral[] = [];
      if (this.cursor.accept([']'])) return { kind: 'list', items };
      do {
        items.push(this.parseListItem());
      } while (this.cursor.accept([',']));
      this.cursor.expect(']', "',' or ']'");
      return { kind: 'list', items };
    });
  }

  private parseListItem(): ConditionLiteral {
    const token = this.cursor.peek();
    const literal = token.kind === 'word' ? wordLiteral(token.text) : undefined;
    const item = token.kind === 'number' || token.kind === 'string' ? token : literal;
    if (item === undefined) throw expected('a number, string, true, false or null', token);
    this.cursor.skip(1);
    return item.value;
  }

  private nested<T>(token: ConditionToken, parse: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_CONDITION_DEPTH) {
      throw new ConditionSyntaxError(
        `Condition nests deeper than ${MAX_CONDITION_DEPTH} levels at position ${token.position}`,
        token.position,
      );
    }
    const node = parse();
    this.depth -= 1;
    return node;
  }
}
