import { INestApplicationContext } from '@nestjs/common';
import { BulkSuppressionReason, newTimeOrderedId, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  bootService,
  createTestNamespace,
  eventually,
  TestDatabase,
  testEnv,
} from '@clarion/testing';
import { Client } from 'pg';
import { NotificationsEnv } from '../notifications.env';
import { NotificationsModule } from '../notifications.module';
import { startNotifications, stopNotifications } from '../test-peers/notifications-under-test';

const accountId = newTimeOrderedId();
const otherAccountId = newTimeOrderedId();
const HARD_BOUNCE = { reason: 'Bounce', retryable: false, details: { status: '5.1.1' } };
const SOFT_BOUNCE = { reason: 'Bounce', retryable: true, details: { status: '4.2.2' } };
const COMPLAINT = { reason: 'Complaint', retryable: false, details: {} };

describe('bulk removal of email suppressions', () => {
  const namespace = createTestNamespace();
  let database: TestDatabase;
  let app: INestApplicationContext;

  beforeAll(async () => {
    ({ app, database } = await startNotifications(namespace));
  });

  afterAll(() => stopNotifications({ app, database }, namespace));

  const suppress = (
    scope: { accountId: string; envId: string },
    prefix: string,
    count: number,
    suppression: object,
  ) =>
    database.query(
      `INSERT INTO notifications.users (account_id, env_id, id, email, email_suppression)
       SELECT $1, $2, $3 || n, $3 || n || '@example.test', $4::jsonb
         FROM generate_series(1, $5::int) n`,
      [scope.accountId, scope.envId, prefix, JSON.stringify(suppression), count],
    );
  const suppressedIn = async (envId: string) => {
    const rows = await database.query<{ kind: string; users: number }>(
      `SELECT email_suppression->>'reason' || ':' || (email_suppression->>'retryable') AS kind,
              count(*)::int AS users
         FROM notifications.users WHERE env_id = $1 AND email_suppression IS NOT NULL
        GROUP BY 1`,
      [envId],
    );
    return Object.fromEntries(rows.map(({ kind, users }) => [kind, users]));
  };
  const remove = (envId: string, reason: BulkSuppressionReason, scopeAccountId = accountId) =>
    app.get(MessagingClient).request(Requests.removeSuppressions, {
      accountId: scopeAccountId,
      envId,
      reason,
    });
  const removed = (envId: string, kind: string) =>
    eventually(async () => ((await suppressedIn(envId))[kind] === undefined ? true : undefined), {
      timeoutMs: 20_000,
    });

  it('clears every bounce of the environment, in batches, and no complaint nor another environment', async () => {
    const env = { accountId, envId: newTimeOrderedId() };
    const otherEnv = { accountId, envId: newTimeOrderedId() };
    const otherAccount = { accountId: otherAccountId, envId: newTimeOrderedId() };
    await suppress(env, 'hard-', 1_150, HARD_BOUNCE);
    await suppress(env, 'soft-', 50, SOFT_BOUNCE);
    await suppress(env, 'complained-', 20, COMPLAINT);
    await suppress(otherEnv, 'hard-', 30, HARD_BOUNCE);
    await suppress(otherAccount, 'hard-', 30, HARD_BOUNCE);

    expect(await remove(env.envId, 'bounces')).toEqual({
      message: 'Removal of bounces suppressions started',
    });

    await removed(env.envId, 'Bounce:false');
    expect(await suppressedIn(env.envId)).toEqual({ 'Complaint:false': 20 });
    expect(await suppressedIn(otherEnv.envId)).toEqual({ 'Bounce:false': 30 });
    expect(await suppressedIn(otherAccount.envId)).toEqual({ 'Bounce:false': 30 });
    const user = await app
      .get(MessagingClient)
      .request(Requests.getUser, { ...env, userId: 'hard-1' });
    expect(user.emailSuppressionStatus).toBeUndefined();
  });

  it('clears only the retryable suppressions when asked for those', async () => {
    const env = { accountId, envId: newTimeOrderedId() };
    await suppress(env, 'soft-', 1_200, SOFT_BOUNCE);
    await suppress(env, 'hard-', 40, HARD_BOUNCE);

    await remove(env.envId, 'retryable');

    await removed(env.envId, 'Bounce:true');
    expect(await suppressedIn(env.envId)).toEqual({ 'Bounce:false': 40 });
  });

  it('leaves the suppressions of an environment the account does not own', async () => {
    const env = { accountId, envId: newTimeOrderedId() };
    await suppress(env, 'hard-', 10, HARD_BOUNCE);

    await remove(env.envId, 'bounces', otherAccountId);
    // A removal of the same kind in an environment of the asking account, started after,
    // has finished once its own suppressions are gone: the first one had its turn before.
    const ownEnv = { accountId: otherAccountId, envId: newTimeOrderedId() };
    await suppress(ownEnv, 'hard-', 10, HARD_BOUNCE);
    await remove(ownEnv.envId, 'bounces', otherAccountId);
    await removed(ownEnv.envId, 'Bounce:false');

    expect(await suppressedIn(env.envId)).toEqual({ 'Bounce:false': 10 });
  });

  it('finishes a removal whose service went down in the middle of it, once a service is back', async () => {
    const env = { accountId, envId: newTimeOrderedId() };
    await suppress(env, 'hard-', 1_200, HARD_BOUNCE);
    // Holds the users so that the first step is still running when the service goes down.
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM notifications.users WHERE env_id = $1 FOR UPDATE', [
      env.envId,
    ]);

    expect(await remove(env.envId, 'bounces')).toEqual({
      message: 'Removal of bounces suppressions started',
    });
    const [step] = await eventually(async () => {
      const waiting = await database.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE '%email_suppression = NULL%'`,
      );
      return waiting.length > 0 ? waiting : undefined;
    });
    // The step's connection is cut, as when the process dies, and the service stops.
    await database.query('SELECT pg_terminate_backend($1)', [step?.pid]);
    await app.close();
    await holder.query('ROLLBACK');
    await holder.end();
    expect((await suppressedIn(env.envId))['Bounce:false']).toBe(1_200);

    app = await bootService(
      NotificationsModule.forRoot(
        testEnv(NotificationsEnv, { namespace, databaseUrl: database.url }),
      ),
    );
    await app.init();

    await removed(env.envId, 'Bounce:false');
  });
});
