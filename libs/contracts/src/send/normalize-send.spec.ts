import { normalizeSend } from './normalize-send';

describe(normalizeSend.name, () => {
  const sut = normalizeSend;

  it('folds the deprecated fields into type, to and parameters', () => {
    expect(
      sut({
        notificationId: 'welcome',
        user: { id: 'ada' },
        mergeTags: { a: 1, b: 1 },
        replace: { b: '2' },
        parameters: { c: 3 },
      }),
    ).toMatchObject({ type: 'welcome', to: { id: 'ada' }, parameters: { a: 1, b: '2', c: 3 } });
  });

  it('takes secondaryId, the older name of subNotificationId, when that is not given', () => {
    const base = { type: 'comment', to: { id: 'ada' } };
    expect(sut({ ...base, secondaryId: 'p1' }).subNotificationId).toBe('p1');
    expect(sut({ ...base, secondaryId: 'p1', subNotificationId: 'p2' }).subNotificationId).toBe(
      'p2',
    );
    expect(sut(base)).not.toHaveProperty('subNotificationId');
  });
});
