import { fitReplyPage } from './reply-page';

describe(fitReplyPage.name, () => {
  const entry = (bytes: number) => ({ text: 'x'.repeat(bytes) });

  it('keeps every item while the page fits', () => {
    const items = [entry(10), entry(10), entry(10)];
    expect(fitReplyPage(items, 1_000)).toEqual(items);
  });

  it('ends the page before the item that would overflow it', () => {
    const items = [entry(400), entry(400), entry(400)];
    expect(fitReplyPage(items, 1_000)).toHaveLength(2);
  });

  it('always carries the first item, even one larger than the budget', () => {
    expect(fitReplyPage([entry(5_000), entry(1)], 1_000)).toHaveLength(1);
  });
});
