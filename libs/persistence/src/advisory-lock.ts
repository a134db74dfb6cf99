import { DataSource } from 'typeorm';

/**
 * Runs `work` holding a session advisory lock named `name`, so that one replica at a time does
 * it (a purge, say); answers undefined at once when another session holds the lock.
 */
export async function whileHoldingAdvisoryLock<T>(
  dataSource: DataSource,
  name: string,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [lock]: { acquired: boolean }[] = await runner.query(
      'SELECT pg_try_advisory_lock(hashtext($1)) AS acquired',
      [name],
    );
    if (!lock?.acquired) return undefined;
    try {
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    await runner.release();
  }
}
