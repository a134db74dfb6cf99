import { createTestDatabase, TestDatabase } from '@clarion/testing';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { serviceDataSourceOptions } from './data-source-options';
import { ensureDatabaseExists } from './ensure-database';
import { runMigrationsWithLock } from './run-migrations';

class CreateCounter1700000000000 implements MigrationInterface {
  name = 'CreateCounter1700000000000';
  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE TABLE lockdemo.counter (n int)');
    await runner.query('SELECT pg_sleep(0.2)');
    await runner.query('INSERT INTO lockdemo.counter VALUES (1)');
  }
  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE lockdemo.counter');
  }
}

describe(runMigrationsWithLock.name, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  it('runs each migration once when several replicas boot together', async () => {
    const replicas = await Promise.all(
      [1, 2, 3].map(() =>
        new DataSource(
          serviceDataSourceOptions({
            url: database.url,
            schema: 'lockdemo',
            entities: [],
            migrations: [CreateCounter1700000000000],
          }),
        ).initialize(),
      ),
    );
    const applied = await Promise.all(
      replicas.map((replica) => runMigrationsWithLock(replica, 'lockdemo')),
    );
    expect(applied.sort()).toEqual([0, 0, 1]);
    await expect(
      replicas[0]!.query('SELECT count(*)::int AS n FROM lockdemo.counter'),
    ).resolves.toEqual([{ n: 1 }]);
    await expect(
      replicas[0]!.query('SELECT count(*)::int AS n FROM lockdemo.migrations'),
    ).resolves.toEqual([{ n: 1 }]);
    await Promise.all(replicas.map((replica) => replica.destroy()));
  });

  it('creates a database that does not exist yet', async () => {
    const url = new URL(database.url);
    url.pathname = `${url.pathname}_created`;
    await ensureDatabaseExists(url.toString());
    await ensureDatabaseExists(url.toString());
    const check = await new DataSource({ type: 'postgres', url: url.toString() }).initialize();
    await check.destroy();
    const admin = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    await admin.query(`DROP DATABASE ${url.pathname.slice(1)} WITH (FORCE)`);
    await admin.destroy();
  });
});
