import { BinaryOperator } from './condition-ast';
import { expected } from './condition-syntax-error';
import { ConditionToken } from './condition-tokens';

/** The parser's place in the token list, with the look-ahead and matching it needs. */
export class ConditionTokenCursor {
  private next = 0;

  constructor(private readonly tokens: readonly ConditionToken[]) {}

  /** The token `ahead` places on; the end token stands in for everything past the end. */
  peek(ahead = 0): ConditionToken {
    const token = this.tokens[Math.min(this.next + ahead, this.tokens.length - 1)];
    if (token === undefined) throw new Error('tokenizeCondition always ends with an end token');
    return token;
  }

  skip(count: number): void {
    this.next += count;
  }

  /** Whether the current token is a word or symbol spelled `text`, without moving. */
  isAt(text: string, ahead = 0): boolean {
    const token = this.peek(ahead);
    return (token.kind === 'word' || token.kind === 'symbol') && token.text === text;
  }

  /** Moves past the current token if it is one of `texts`. */
  accept(texts: readonly string[]): boolean {
    const matches = texts.some((text) => this.isAt(text));
    if (matches) this.skip(1);
    return matches;
  }

  /** Moves past `symbol`, or fails saying `description` was expected. */
  expect(symbol: string, description: string): void {
    if (!this.isAt(symbol)) throw expected(description, this.peek());
    this.skip(1);
  }

  /** The operator of `operators` at the cursor; `not in` spans two tokens. */
  peekOperator(operators: readonly BinaryOperator[]): BinaryOperator | undefined {
    const text = this.isAt('not') && this.isAt('in', 1) ? 'not in' : this.peek().text;
    const isOperatorToken = this.peek().kind === 'word' || this.peek().kind === 'symbol';
    return isOperatorToken ? operators.find((operator) => operator === text) : undefined;
  }

  /** Moves past an operator found by peekOperator. */
  skipOperator(operator: BinaryOperator): void {
    this.skip(operator === 'not in' ? 2 : 1);
  }
}
