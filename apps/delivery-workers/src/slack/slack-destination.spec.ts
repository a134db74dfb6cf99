import { parseSlackDestination } from './slack-destination';

describe(parseSlackDestination.name, () => {
  it.each(['C024BE91L', 'G0123456789', 'D024BE91L', 'U024BE7LH', 'W012A3CDE'])(
    'posts to the id %s as it is',
    (id) => expect(parseSlackDestination(id)).toEqual({ kind: 'id', id }),
  );

  it.each([
    ['#general', 'general'],
    ['general', 'general'],
    [' #team-alerts ', 'team-alerts'],
    ['#C024BE91L', 'C024BE91L'],
  ])('looks %p up as the channel name %p', (value, name) => {
    expect(parseSlackDestination(value)).toEqual({ kind: 'channel-name', name });
  });

  it('looks @username up among the members', () => {
    expect(parseSlackDestination('@jane.doe')).toEqual({ kind: 'username', name: 'jane.doe' });
  });

  it.each(['', '  ', '#', '@'])('finds nothing to post to in %p', (value) => {
    expect(parseSlackDestination(value)).toBeUndefined();
  });
});
