import { findUnstorableText, storableText } from './unstorable-text';

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

describe(storableText.name, () => {
  it('replaces every NUL and unpaired surrogate, and keeps paired ones', () => {
    expect(storableText('a\u0000b\u0000 \ud800 🎉 \udc00')).toBe('a\uFFFDb\uFFFD \uFFFD 🎉 \uFFFD');
    expect(storableText('plain')).toBe('plain');
  });
});
