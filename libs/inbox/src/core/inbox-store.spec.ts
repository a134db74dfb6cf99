import { InboxStore } from './inbox-store';
import { InboxNotification } from './inbox-types';

const entry = (id: string, date: string, change: Partial<InboxNotification> = {}) => ({
  id,
  notificationId: 'orders',
  seen: false,
  title: id,
  date,
  ...change,
});

describe(InboxStore.name, () => {
  it('keeps entries newest first and replaces a changed one by id', () => {
    const sut = new InboxStore();
    sut.upsert([entry('a', '2026-11-01T10:00:00Z'), entry('b', '2026-11-01T11:00:00Z')]);
    sut.upsert([entry('a', '2026-11-01T12:00:00Z', { title: 'a grew' })]);
    expect(sut.current.notifications.map((n) => n.title)).toEqual(['a grew', 'b']);
  });

  it('tells every subscriber of each change until it unsubscribes', () => {
    const sut = new InboxStore();
    const seen: number[] = [];
    const unsubscribe = sut.subscribe((state) => seen.push(state.unread));
    sut.update({ unread: 3 });
    unsubscribe();
    sut.update({ unread: 4 });
    expect(seen).toEqual([0, 3]);
  });

  it('patches only the named entries', () => {
    const sut = new InboxStore();
    sut.upsert([entry('a', '2026-11-01T10:00:00Z'), entry('b', '2026-11-01T11:00:00Z')]);
    sut.patch(['a'], { seen: true });
    expect(sut.current.notifications.map((n) => [n.id, n.seen])).toEqual([
      ['b', false],
      ['a', true],
    ]);
  });
});
