import { ConditionSyntaxError } from './condition-syntax-error';
import { tokenizeCondition } from './condition-tokens';

function syntaxErrorOf(source: string): ConditionSyntaxError {
  try {
    tokenizeCondition(source);
  } catch (error) {
    if (error instanceof ConditionSyntaxError) return error;
    throw error;
  }
  throw new Error(`expected ${source} not to tokenize`);
}

describe(tokenizeCondition.name, () => {
  it('splits a condition into words, symbols and literals with their positions', () => {
    expect(tokenizeCondition("parameters.total >= -3.5 && user['a b'] != null")).toEqual([
      { kind: 'word', text: 'parameters', position: 0 },
      { kind: 'symbol', text: '.', position: 10 },
      { kind: 'word', text: 'total', position: 11 },
      { kind: 'symbol', text: '>=', position: 17 },
      { kind: 'number', text: '-3.5', value: -3.5, position: 20 },
      { kind: 'symbol', text: '&&', position: 25 },
      { kind: 'word', text: 'user', position: 28 },
      { kind: 'symbol', text: '[', position: 32 },
      { kind: 'string', text: "'a b'", value: 'a b', position: 33 },
      { kind: 'symbol', text: ']', position: 38 },
      { kind: 'symbol', text: '!=', position: 40 },
      { kind: 'word', text: 'null', position: 43 },
      { kind: 'end', text: '', position: 47 },
    ]);
  });

  it('reads backslash escapes in single- and double-quoted strings', () => {
    const [single, double] = tokenizeCondition(String.raw`'it\'s \\ \n\t\u00e9' "say \"hi\""`);

    expect(single).toMatchObject({ kind: 'string', value: "it's \\ \n\té" });
    expect(double).toMatchObject({ kind: 'string', value: 'say "hi"', position: 22 });
  });

  it('keeps the other quote and operators inside a string as text', () => {
    expect(tokenizeCondition(`"a ' && b"`)[0]).toMatchObject({ value: "a ' && b" });
  });

  it('rejects an unterminated string at its opening quote', () => {
    const error = syntaxErrorOf("user.name == 'Ann");

    expect(error.position).toBe(13);
    expect(error.message).toBe(
      "Expected a closing ' for the string at position 13 but found the end of the condition",
    );
  });

  it('rejects an unknown escape', () => {
    const error = syntaxErrorOf(String.raw`'a\qb'`);

    expect(error.position).toBe(2);
    expect(error.message).toContain("Unknown escape '\\q' at position 2");
  });

  it('rejects a \\u escape without four hex digits', () => {
    expect(syntaxErrorOf(String.raw`'\u12'`).position).toBe(1);
  });

  it('suggests == for a single =', () => {
    expect(syntaxErrorOf('parameters.a = 1').message).toBe(
      "Unexpected '=' at position 13; did you mean '=='?",
    );
  });

  it('suggests && and || for a single & or |', () => {
    expect(syntaxErrorOf('true & false').message).toContain("did you mean '&&'?");
    expect(syntaxErrorOf('true | false').message).toContain("did you mean '||'?");
  });

  it('rejects a character outside the language', () => {
    expect(syntaxErrorOf('parameters.a + 1').message).toBe("Unexpected '+' at position 13");
  });

  it('rejects a number too large to represent', () => {
    expect(syntaxErrorOf('9'.repeat(400)).message).toBe('Number at position 0 is too large');
  });

  it('accepts 200 tokens and rejects the 201st', () => {
    expect(tokenizeCondition('1 '.repeat(200))).toHaveLength(201);

    const error = syntaxErrorOf('1 '.repeat(201));
    expect(error.position).toBe(400);
    expect(error.message).toBe(
      'Condition has more than 200 tokens; the limit is passed at position 400',
    );
  });
});
