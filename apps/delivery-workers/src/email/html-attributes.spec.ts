import {
  decodeHtmlEntities,
  escapeHtml,
  replaceAttribute,
  startTagPattern,
} from './html-attributes';

describe(decodeHtmlEntities.name, () => {
  it('decodes named, decimal and hex entities and leaves unknown ones', () => {
    expect(decodeHtmlEntities('a&amp;b&#38;c&#x26;d&quot;&#39;&lt;&gt;&bogus;&#0;')).toBe(
      'a&b&c&d"\'<>&bogus;&#0;',
    );
  });
});

describe(escapeHtml.name, () => {
  it('escapes what would end an attribute or start a tag', () => {
    expect(escapeHtml(`a&b"c'd<e>`)).toBe('a&amp;b&quot;c&#39;d&lt;e&gt;');
  });
});

describe(startTagPattern.name, () => {
  it('matches whole start tags, even with > inside quoted values, and not longer tag names', () => {
    const html = `<a title="x > y" href="/1">one</a><abbr>no</abbr><A HREF='/2'>two</A>`;
    expect(html.match(startTagPattern('a'))).toEqual([
      '<a title="x > y" href="/1">',
      "<A HREF='/2'>",
    ]);
  });
});

describe(replaceAttribute.name, () => {
  const upper = (value: string) => value.toUpperCase();

  it('keeps the quote style and every other attribute', () => {
    expect(replaceAttribute(`<a class="c" href='x?a=1&amp;b=2' id=i>`, 'href', upper)).toBe(
      `<a class="c" href='X?A=1&amp;B=2' id=i>`,
    );
    expect(replaceAttribute('<a href = "x">', 'href', upper)).toBe('<a href = "X">');
  });

  it('quotes a bare value it replaces', () => {
    expect(replaceAttribute('<a href=x>', 'href', (v) => `${v} y`)).toBe('<a href="x y">');
  });

  it('ignores the attribute name inside another value', () => {
    expect(replaceAttribute(`<a title="href=x" data-href="y" href="z">`, 'href', upper)).toBe(
      `<a title="href=x" data-href="y" href="Z">`,
    );
  });

  it('leaves the tag alone when the replacement declines', () => {
    const tag = '<a href="x">';
    expect(replaceAttribute(tag, 'href', () => undefined)).toBe(tag);
  });
});
