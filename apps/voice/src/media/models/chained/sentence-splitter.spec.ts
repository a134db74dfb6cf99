import { SentenceSplitter } from './sentence-splitter';

function splitStream(pieces: string[]): string[][] {
  const sut = new SentenceSplitter();
  return [...pieces.map((piece) => sut.push(piece)), sut.flush()];
}

describe(SentenceSplitter.name, () => {
  it('cuts at . ! and ? followed by a space, keeping the punctuation', () => {
    const sut = new SentenceSplitter();
    expect(sut.push('Hello there. How are you? Great! Bye')).toEqual([
      'Hello there.',
      'How are you?',
      'Great!',
    ]);
    expect(sut.flush()).toEqual(['Bye']);
  });

  it('waits for what follows the punctuation before cutting, across pieces', () => {
    expect(splitStream(['Pi is 3', '.', '14. Next', ' one.'])).toEqual([
      [],
      [],
      ['Pi is 3.14.'],
      [],
      ['Next one.'],
    ]);
  });

  it('cuts at newlines and never gives empty sentences', () => {
    expect(splitStream(['First line\n\n', '  \nSecond line!\n', 'Third'])).toEqual([
      ['First line'],
      ['Second line!'],
      [],
      ['Third'],
    ]);
  });

  it('keeps ellipses and closing quotes with their sentence', () => {
    const sut = new SentenceSplitter();
    expect(sut.push('Well... He said "yes." Then (quietly.) Done. ')).toEqual([
      'Well...',
      'He said "yes."',
      'Then (quietly.)',
      'Done.',
    ]);
    expect(sut.flush()).toEqual([]);
  });

  it('flushes nothing for an empty or blank stream', () => {
    expect(splitStream([])).toEqual([[]]);
    expect(splitStream(['  '])).toEqual([[], []]);
  });
});
