import { INestApplicationContext } from '@nestjs/common';
import { EndUserRef, newTimeOrderedId } from '@clarion/contracts';
import { createTestNamespace, eventually, TestDatabase } from '@clarion/testing';
import { LastSeenRecorder } from './last-seen.recorder';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

describe('lastSeenTime of inbox readers', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;
  let recorder: LastSeenRecorder;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
    recorder = app.get(LastSeenRecorder);
  });

  afterAll(() => stopNotifications({ app, database }, namespace));

  const reader = (userId: string): EndUserRef => ({
    accountId: newTimeOrderedId(),
    envId: newTimeOrderedId(),
    userId,
  });

  const lastSeenOf = async ({ envId, userId }: EndUserRef) =>
    (
      await database.query<{ seen: string | null }>(
        'SELECT last_seen_time::text AS seen FROM notifications.users WHERE env_id = $1 AND id = $2',
        [envId, userId],
      )
    )[0]?.seen;

  it('writes it on the first read, and not again for every read within the minute', async () => {
    const ada = reader('ada');
    recorder.touch(ada);
    await eventually(async () => ((await lastSeenOf(ada)) ? true : undefined));
    // Set back as if read long ago: a write now would move it to now.
    await database.query(
      `UPDATE notifications.users SET last_seen_time = '2000-01-01T00:00:00Z' WHERE env_id = $1`,
      [ada.envId],
    );
    for (let i = 0; i < 5; i++) recorder.touch(ada);
    // A reader the recorder has not seen is written at once; once it is, ada's would have been.
    const bob = reader('bob');
    recorder.touch(bob);
    await eventually(async () => ((await lastSeenOf(bob)) ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lastSeenOf(ada)).toBe('2000-01-01 00:00:00+00');
  });
});
