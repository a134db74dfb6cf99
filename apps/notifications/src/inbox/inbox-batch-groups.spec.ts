import { InboxEntry } from '@clarion/contracts';
import { BatchedEntry, firstPerKey, groupsOf, rowOfGroup } from './inbox-batch-groups';

describe(groupsOf.name, () => {
  let next = 0;
  const batched = (userId: string, receivedAt: number, key = '"a"'): BatchedEntry => {
    const entry: InboxEntry = {
      trackingId: `00000000-0000-7000-8000-${String(next++).padStart(12, '0')}`,
      accountId: 'acc',
      envId: 'env',
      userId,
      notificationId: 'comments',
      title: `at ${receivedAt}`,
      parameters: {},
      receivedAt: new Date(receivedAt).toISOString(),
    };
    return { entry, batching: { key, windowMs: 1_000 } };
  };
  const titles = (groups: BatchedEntry[][]) => groups.map((g) => g.map((b) => b.entry.title));

  it('groups sends by user and key, oldest first', () => {
    const groups = groupsOf([
      batched('ada', 300),
      batched('bob', 100),
      batched('ada', 100),
      batched('ada', 200, '"b"'),
    ]);
    expect(groups.map((g) => g.map((b) => `${b.entry.userId} ${b.entry.title}`))).toEqual([
      ['bob at 100'],
      ['ada at 100', 'ada at 300'],
      ['ada at 200'],
    ]);
  });

  it('splits a key whose sends span more than one window, one group per round', () => {
    const groups = groupsOf([batched('ada', 0), batched('ada', 999), batched('ada', 1_000)]);
    expect(titles(groups)).toEqual([['at 0', 'at 999'], ['at 1000']]);
    expect(titles(firstPerKey(groups))).toEqual([['at 0', 'at 999']]);
  });

  it('names the entry after the first send and shows the latest ten, newest first', () => {
    const sends = Array.from({ length: 12 }, (_, i) => batched('cat', i * 10));
    const [group] = groupsOf(sends);
    const row = rowOfGroup(group!);
    expect(row.first.trackingId).toBe(sends[0]!.entry.trackingId);
    expect(row.latest.title).toBe('at 110');
    expect(row.closesAt).toBe(new Date(1_000).toISOString());
    expect(row.trackingIds).toHaveLength(12);
    expect(row.items.map((item) => item.title)).toEqual(
      [110, 100, 90, 80, 70, 60, 50, 40, 30, 20].map((t) => `at ${t}`),
    );
  });
});
