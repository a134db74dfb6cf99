import { DataSource } from 'typeorm';

/**
 * Creates the service's schema and runs its pending migrations while holding an advisory lock,
 * so replicas booting together never run the same migration twice.
 */
export async function runMigrationsWithLock(
  dataSource: DataSource,
  schema: string,
): Promise<number> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`clarion:migrations:${schema}`]);
    await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.length;
  } finally {
    await runner
      .query('SELECT pg_advisory_unlock(hashtext($1))', [`clarion:migrations:${schema}`])
      .catch(() => undefined);
    await runner.release();
  }
}
