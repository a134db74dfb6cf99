import { ValidationFailedError } from '@clarion/contracts';
import { assertStorableRequest, findUnstorableText } from './unstorable-text';

describe(findUnstorableText.name, () => {
  it('finds U+0000 and unpaired surrogates at any depth, in values and keys', () => {
    expect(findUnstorableText({ a: { b: ['ok', 'x\u0000y'] } }, 'body')).toBe('body.a.b[1]');
    expect(findUnstorableText({ title: 'broken \ud800 half' }, 'body')).toBe('body.title');
    expect(findUnstorableText({ title: 'low half \udc00 alone' }, 'body')).toBe('body.title');
    expect(findUnstorableText({ ['k\u0000']: 1 }, 'body')).toBe('body (a key)');
  });

  it('accepts paired surrogates (emoji), other control characters and non-strings', () => {
    expect(
      findUnstorableText({ t: 'party 🎉 \t\n\u0001', n: 1, b: true, z: null }, 'body'),
    ).toBeUndefined();
  });
});

describe(assertStorableRequest.name, () => {
  it('refuses with a validation error that names the field', () => {
    expect(() => assertStorableRequest({ body: { to: { id: 'a\u0000' } } })).toThrow(
      ValidationFailedError,
    );
    expect(() => assertStorableRequest({ query: { userId: '\ud83d' } })).toThrow(/query.userId/);
  });

  it('lets ordinary requests through', () => {
    expect(() =>
      assertStorableRequest({ body: { type: 'welcome' }, query: {}, params: { id: 'x' } }),
    ).not.toThrow();
  });
});
