import {
  appendOpenPixel,
  applyEmailTracking,
  insertPreheader,
  replaceUnsubscribePlaceholder,
  trackLinks,
} from './email-tracking';

const tracked = (url: string) => `https://t.test/c?u=${encodeURIComponent(url)}`;

describe(trackLinks.name, () => {
  it('rewrites http and https links, keeping quotes and other attributes', () => {
    const html = `<a class="btn" href="https://a.test/x?p=1&amp;q=2">A</a> <a href='http://b.test'>B</a> <a style="x" href=https://c.test>C</a>`;
    expect(trackLinks(html, tracked)).toBe(
      `<a class="btn" href="https://t.test/c?u=https%3A%2F%2Fa.test%2Fx%3Fp%3D1%26q%3D2">A</a> <a href='https://t.test/c?u=http%3A%2F%2Fb.test'>B</a> <a style="x" href="https://t.test/c?u=https%3A%2F%2Fc.test">C</a>`,
    );
  });

  it('leaves mailto:, tel:, anchors, relative links and the unsubscribe link alone', () => {
    const html = [
      '<a href="mailto:a@b.test">m</a>',
      '<a href="tel:+15550100">t</a>',
      '<a href="#top">h</a>',
      '<a href="/relative">r</a>',
      '<a href="%unsubscribe_url%">u</a>',
      '<a name="no-href">n</a>',
      '<link href="https://fonts.test/css">',
    ].join('');
    expect(trackLinks(html, tracked)).toBe(html);
  });

  it('passes the decoded, trimmed destination to the click URL builder', () => {
    const destinations: string[] = [];
    trackLinks(`<a href=" https://a.test/?x=1&amp;y=&quot;2&quot; ">a</a>`, (url) => {
      destinations.push(url);
      return url;
    });
    expect(destinations).toEqual(['https://a.test/?x=1&y="2"']);
  });
});

describe(replaceUnsubscribePlaceholder.name, () => {
  it('replaces every placeholder, in links and in text', () => {
    expect(
      replaceUnsubscribePlaceholder(
        '<a href="%unsubscribe_url%">x</a> or visit %unsubscribe_url%',
        'https://u.test/t?a=1&b=2',
      ),
    ).toBe('<a href="https://u.test/t?a=1&amp;b=2">x</a> or visit https://u.test/t?a=1&amp;b=2');
  });
});

describe(insertPreheader.name, () => {
  it('puts the hidden preview text first in the body', () => {
    const html = insertPreheader(
      '<html><head><title>t</title></head><body class="x"><p>Hi</p></body></html>',
      'Your <code> & more',
    );
    expect(html).toMatch(
      /^<html><head><title>t<\/title><\/head><body class="x"><div style="display:none;[^"]*max-height:0;[^"]*overflow:hidden;[^"]*">Your &lt;code&gt; &amp; more(&#847;&zwnj;&nbsp;)+<\/div><p>Hi<\/p>/,
    );
  });

  it('puts it at the top of a fragment, after a doctype, or after the head', () => {
    expect(insertPreheader('<p>Hi</p>', 'pre')).toMatch(/^<div [^>]*>pre.*<\/div><p>Hi<\/p>$/);
    expect(insertPreheader('<!DOCTYPE html>\n<p>Hi</p>', 'pre')).toMatch(
      /^<!DOCTYPE html><div [^>]*>pre.*<\/div>\n<p>Hi<\/p>$/,
    );
    expect(insertPreheader('<html><head></head><p>Hi</p></html>', 'pre')).toMatch(
      /^<html><head><\/head><div [^>]*>pre.*<\/div><p>Hi<\/p><\/html>$/,
    );
  });
});

describe(appendOpenPixel.name, () => {
  const pixel =
    /<img src="https:\/\/t\.test\/o\?a=1&amp;b=2" width="1" height="1" alt="" style="[^"]*" \/>/;

  it('puts the pixel before the closing body tag', () => {
    const html = appendOpenPixel(
      '<html><body><p>Hi</p></BODY ></html>',
      'https://t.test/o?a=1&b=2',
    );
    expect(html).toMatch(new RegExp(`^<html><body><p>Hi</p>${pixel.source}</BODY ></html>$`));
  });

  it('puts the pixel at the end of a fragment', () => {
    expect(appendOpenPixel('<p>Hi</p>', 'https://t.test/o?a=1&b=2')).toMatch(
      new RegExp(`^<p>Hi</p>${pixel.source}$`),
    );
  });
});

describe(applyEmailTracking.name, () => {
  const html = '<body><a href="https://a.test">a</a> <a href="%unsubscribe_url%">u</a></body>';

  it('adds the preheader, tracked links, unsubscribe link and pixel', () => {
    const result = applyEmailTracking(html, {
      previewText: 'pre',
      unsubscribeUrl: 'https://t.test/u',
      openPixelUrl: 'https://t.test/o',
      clickUrlFor: tracked,
    });
    expect(result).toMatch(/^<body><div [^>]*>pre/);
    expect(result).toContain('<a href="https://t.test/c?u=https%3A%2F%2Fa.test">a</a>');
    expect(result).toContain('<a href="https://t.test/u">u</a>');
    expect(result).toMatch(/<img src="https:\/\/t\.test\/o"[^>]*><\/body>$/);
  });

  it('adds neither pixel nor tracked links nor an empty preheader when the plan has none', () => {
    expect(applyEmailTracking(html, { previewText: ' ', unsubscribeUrl: 'https://t.test/u' })).toBe(
      '<body><a href="https://a.test">a</a> <a href="https://t.test/u">u</a></body>',
    );
  });
});
