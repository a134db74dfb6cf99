import { deprecationNotes } from './deprecation-notes';

describe(deprecationNotes.name, () => {
  it('names each deprecated field a send used, with its replacement', () => {
    expect(
      deprecationNotes({ notificationId: 't', user: { id: 'u' }, replace: { a: 'b' } }),
    ).toEqual([
      'notificationId is deprecated; use type',
      'user is deprecated; use to',
      'replace is deprecated; use parameters',
    ]);
  });

  it('has nothing to say about a current send', () => {
    expect(deprecationNotes({ type: 't', to: { id: 'u' }, parameters: {} })).toEqual([]);
  });
});
