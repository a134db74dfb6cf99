import { parseCondition } from './condition-parser';
import { ConditionSyntaxError } from './condition-syntax-error';

function syntaxErrorOf(source: string): ConditionSyntaxError {
  try {
    parseCondition(source);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${source} not to parse`);
}

const a = { kind: 'path', root: 'parameters', segments: ['a'] };
const b = { kind: 'path', root: 'parameters', segments: ['b'] };
const c = { kind: 'path', root: 'parameters', segments: ['c'] };

describe(parseCondition.name, () => {
  describe('values', () => {
    it('parses literals', () => {
      expect(parseCondition('42')).toEqual({ kind: 'literal', value: 42 });
      expect(parseCondition('-3.5')).toEqual({ kind: 'literal', value: -3.5 });
      expect(parseCondition('"x"')).toEqual({ kind: 'literal', value: 'x' });
      expect(parseCondition('true')).toEqual({ kind: 'literal', value: true });
      expect(parseCondition('false')).toEqual({ kind: 'literal', value: false });
      expect(parseCondition('null')).toEqual({ kind: 'literal', value: null });
    });

    it('parses a list of literals, empty or not', () => {
      expect(parseCondition("[1, 'a', true, null]")).toEqual({
        kind: 'list',
        items: [1, 'a', true, null],
      });
      expect(parseCondition('[]')).toEqual({ kind: 'list', items: [] });
    });

    it('parses dotted and bracketed paths from either root', () => {
      expect(parseCondition("parameters.order.items[0]['odd key'].sku")).toEqual({
        kind: 'path',
        root: 'parameters',
        segments: ['order', 'items', '0', 'odd key', 'sku'],
      });
      expect(parseCondition('user.email')).toEqual({
        kind: 'path',
        root: 'user',
        segments: ['email'],
      });
      expect(parseCondition('user')).toEqual({ kind: 'path', root: 'user', segments: [] });
    });

    it('reads keywords after a dot as property names', () => {
      expect(parseCondition('parameters.in.null')).toMatchObject({ segments: ['in', 'null'] });
    });

    it('parses the whitelisted functions', () => {
      expect(parseCondition('length(parameters.a)')).toEqual({
        kind: 'call',
        name: 'length',
        argument: a,
      });
    });
  });

  describe('precedence', () => {
    it('binds && tighter than ||, both to the left', () => {
      expect(parseCondition('parameters.a || parameters.b && parameters.c')).toEqual({
        kind: 'logical',
        operator: 'or',
        left: a,
        right: { kind: 'logical', operator: 'and', left: b, right: c },
      });
      expect(parseCondition('parameters.a or parameters.b or parameters.c')).toEqual({
        kind: 'logical',
        operator: 'or',
        left: { kind: 'logical', operator: 'or', left: a, right: b },
        right: c,
      });
    });

    it('lets parentheses override precedence', () => {
      expect(parseCondition('(parameters.a or parameters.b) and parameters.c')).toEqual({
        kind: 'logical',
        operator: 'and',
        left: { kind: 'logical', operator: 'or', left: a, right: b },
        right: c,
      });
    });

    it('negates a whole comparison', () => {
      expect(parseCondition('not parameters.a == 1')).toEqual({
        kind: 'not',
        operand: { kind: 'binary', operator: '==', left: a, right: { kind: 'literal', value: 1 } },
      });
      expect(parseCondition('!parameters.a && parameters.b')).toEqual({
        kind: 'logical',
        operator: 'and',
        left: { kind: 'not', operand: a },
        right: b,
      });
    });

    it('binds in, contains, startsWith and endsWith tighter than comparisons, in that order', () => {
      expect(parseCondition('parameters.a == parameters.b in parameters.c')).toEqual({
        kind: 'binary',
        operator: '==',
        left: a,
        right: { kind: 'binary', operator: 'in', left: b, right: c },
      });
      expect(parseCondition('parameters.a in parameters.b contains parameters.c')).toMatchObject({
        operator: 'in',
        right: { operator: 'contains' },
      });
      expect(parseCondition("parameters.a contains parameters.b startsWith 'x'")).toMatchObject({
        operator: 'contains',
        right: { operator: 'startsWith' },
      });
      expect(parseCondition("parameters.a startsWith parameters.b endsWith 'x'")).toMatchObject({
        operator: 'startsWith',
        right: { operator: 'endsWith' },
      });
    });

    it('reads not in as one operator', () => {
      expect(parseCondition('parameters.a not in [1]')).toEqual({
        kind: 'binary',
        operator: 'not in',
        left: a,
        right: { kind: 'list', items: [1] },
      });
    });

    it.each(['==', '!=', '<', '<=', '>', '>='])('parses %s', (operator) => {
      expect(parseCondition(`parameters.a ${operator} 1`)).toMatchObject({ operator });
    });
  });

  describe('syntax errors', () => {
    it.each([
      ['exists()', "Expected a value at position 7 but found ')'", 7],
      ['parameters.a ==', 'Expected a value at position 15 but found the end of the condition', 15],
      ['(parameters.a', "Expected ')' at position 13 but found the end of the condition", 13],
      [
        'parameters.a )',
        "Expected an operator or the end of the condition at position 13 but found ')'",
        13,
      ],
      [
        'true false',
        "Expected an operator or the end of the condition at position 5 but found 'false'",
        5,
      ],
      ['[1 2]', "Expected ',' or ']' at position 3 but found '2'", 3],
      [
        '[parameters.a]',
        "Expected a number, string, true, false or null at position 1 but found 'parameters'",
        1,
      ],
      [
        'parameters.',
        "Expected a name after '.' at position 11 but found the end of the condition",
        11,
      ],
      ['parameters.0', "Expected a name after '.' at position 11 but found '0'", 11],
      [
        'parameters[-1]',
        "Expected a string or a whole number inside [ ] at position 11 but found '-1'",
        11,
      ],
      [
        'parameters[1.5]',
        "Expected a string or a whole number inside [ ] at position 11 but found '1.5'",
        11,
      ],
      ["parameters['a'", "Expected ']' at position 14 but found the end of the condition", 14],
      ['and', "Expected a value at position 0 but found 'and'", 0],
      ['parameters.a in', 'Expected a value at position 15 but found the end of the condition', 15],
      [
        'exists parameters.a',
        "Expected '(' after 'exists' at position 7 but found 'parameters'",
        7,
      ],
      [
        'lower(parameters.a',
        "Expected ')' after the function's argument at position 18 but found the end of the condition",
        18,
      ],
      [
        "foo == 'x'",
        "Unknown name 'foo' at position 0; variables start with parameters. or user.",
        0,
      ],
      [
        'now(1)',
        "Unknown function 'now' at position 0; the functions are exists, lower, upper, length",
        0,
      ],
      [
        '1 < 2 < 3',
        "'<' at position 6 cannot follow '<'; join the two with && or use parentheses",
        6,
      ],
      [
        'parameters.a in [1] not in [2]',
        "'not in' at position 20 cannot follow 'in'; join the two with && or use parentheses",
        20,
      ],
    ])('rejects %s', (source, message, position) => {
      const error = syntaxErrorOf(source);

      expect(error.message).toBe(message);
      expect(error.position).toBe(position);
    });

    it.each(['', '   \n\t '])('rejects an empty condition %j', (source) => {
      expect(syntaxErrorOf(source).message).toBe(
        'Condition is empty; expected a value at position 0',
      );
    });

    it('is an Error with its own name', () => {
      const error = syntaxErrorOf('(');

      expect(error).toBeInstanceOf(Error);
      expect(error.name).toBe('ConditionSyntaxError');
    });
  });

  describe('prototype access', () => {
    it.each([
      ['parameters.__proto__', 11],
      ['parameters.constructor', 11],
      ['user.prototype', 5],
      ["parameters['constructor']", 11],
      ['parameters["__proto__"].x', 11],
      ['parameters.a.constructor.name', 13],
    ])('rejects %s as reserved', (source, position) => {
      const error = syntaxErrorOf(source);

      expect(error.position).toBe(position);
      expect(error.message).toMatch(
        /^'(__proto__|constructor|prototype)' at position \d+ is reserved/,
      );
    });
  });

  describe('limits', () => {
    it('accepts 1000 characters and rejects 1001', () => {
      const padded = (length: number) => `true${' '.repeat(length - 4)}`;

      expect(parseCondition(padded(1000))).toEqual({ kind: 'literal', value: true });
      expect(syntaxErrorOf(padded(1001))).toMatchObject({
        message: 'Condition is longer than 1000 characters; the limit is passed at position 1000',
        position: 1000,
      });
    });

    it('accepts 32 levels of nesting and rejects 33', () => {
      const nested = (depth: number) => `${'('.repeat(depth)}true${')'.repeat(depth)}`;

      expect(parseCondition(nested(32))).toEqual({ kind: 'literal', value: true });
      expect(syntaxErrorOf(nested(33))).toMatchObject({
        message: 'Condition nests deeper than 32 levels at position 32',
        position: 32,
      });
    });

    it('counts negations and function calls as nesting', () => {
      expect(syntaxErrorOf(`${'!'.repeat(33)}true`).position).toBe(32);
      expect(syntaxErrorOf(`${'lower('.repeat(33)}'a'${')'.repeat(33)}`).position).toBe(192);
    });

    it('rejects more than 200 tokens', () => {
      const terms = Array.from({ length: 101 }, () => 'true').join(' && ');

      expect(syntaxErrorOf(terms).message).toMatch(/^Condition has more than 200 tokens/);
    });
  });
});
