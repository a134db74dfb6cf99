import { freePort } from '@clarion/testing';
import { assertOperatorDatabaseReachable } from './operator-database';

describe(assertOperatorDatabaseReachable.name, () => {
  it('fails at once with one line that says what to do, without the password', async () => {
    const url = `postgres://postgres:s3cret@127.0.0.1:${await freePort()}/clarion`;
    const started = Date.now();
    const failure = assertOperatorDatabaseReachable(url);
    await expect(failure).rejects.toThrow(
      /^PostgreSQL is not reachable at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/clarion \(connect ECONNREFUSED [^)]+\): start the system \(npm start\) or set DATABASE_URL\.$/,
    );
    await expect(failure).rejects.not.toThrow(/s3cret|\n/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
