import { describeError } from './describe-error';

describe(describeError.name, () => {
  it('adds the cause to the message', () => {
    const error = new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    expect(describeError(error)).toBe('fetch failed (connect ECONNREFUSED)');
  });

  it('names the code of an error without a message', () => {
    const refused = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
    expect(describeError(new Error('fetch failed', { cause: refused }))).toBe(
      'fetch failed (ECONNREFUSED)',
    );
  });

  it('describes errors from another realm and values that are not errors', () => {
    expect(describeError({ message: 'elsewhere' })).toBe('elsewhere');
    expect(describeError('plain')).toBe('plain');
  });
});
