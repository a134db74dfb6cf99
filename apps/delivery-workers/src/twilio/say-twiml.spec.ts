import { escapeXml, sayTwiml } from './say-twiml';

describe(sayTwiml.name, () => {
  it('says the message as XML text', () => {
    expect(sayTwiml(`Fish & chips <now> "hot" 'n' ready`)).toBe(
      '<Response><Say>Fish &amp; chips &lt;now&gt; &quot;hot&quot; &apos;n&apos; ready</Say></Response>',
    );
  });
});

describe(escapeXml.name, () => {
  it('keeps tabs, newlines and characters beyond the BMP', () => {
    expect(escapeXml('a\tb\nc\r😀 é')).toBe('a\tb\nc\r😀 é');
  });

  it('drops characters XML 1.0 cannot hold', () => {
    expect(escapeXml('a\u0000b\u0007c\u001fd\ud800e\uffff')).toBe('abcde');
  });

  it('does not escape twice', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });
});
