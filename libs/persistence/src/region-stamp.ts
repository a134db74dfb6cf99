import { DataSource } from 'typeorm';

/**
 * The region a database holds the data of, written by the first service that boots against it
 * (one row, in a schema of its own that every service of the deployment shares).
 */
export const REGION_STAMP_TABLE = 'deployment.region_stamp';

/** Not worth retrying: the database will hold that region's data however long one waits. */
export class DatabaseOfAnotherRegionError extends Error {
  constructor(stamped: string | undefined, region: string) {
    super(
      `This database holds the data of region ${stamped ?? '?'}, and this service serves ` +
        `region ${region} (CLARION_REGION): refusing to start, so that no data crosses regions. ` +
        `Point DATABASE_URL at the ${region} database, or set CLARION_REGION to the region of ` +
        `this one.`,
    );
    this.name = 'DatabaseOfAnotherRegionError';
  }
}

/**
 * Stamps the database with `region` on first boot, or checks the stamp it has: a service of one
 * region must never read or write another region's data, so a mismatch stops the boot, before
 * any migration, with what to fix.
 */
export async function assertDatabaseRegion(dataSource: DataSource, region: string): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    // Services booting together race to create the table; one at a time does.
    await runner.query("SELECT pg_advisory_lock(hashtext('clarion:region-stamp'))");
    await runner.query('CREATE SCHEMA IF NOT EXISTS deployment');
    await runner.query(
      `CREATE TABLE IF NOT EXISTS ${REGION_STAMP_TABLE} (
         only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
         region text NOT NULL,
         stamped_at timestamptz NOT NULL DEFAULT now())`,
    );
    await runner.query(
      `INSERT INTO ${REGION_STAMP_TABLE} (region) VALUES ($1) ON CONFLICT (only_row) DO NOTHING`,
      [region],
    );
    const [stamp]: { region: string }[] = await runner.query(
      `SELECT region FROM ${REGION_STAMP_TABLE}`,
    );
    if (stamp?.region !== region) throw new DatabaseOfAnotherRegionError(stamp?.region, region);
  } finally {
    await runner
      .query("SELECT pg_advisory_unlock(hashtext('clarion:region-stamp'))")
      .catch(() => undefined);
    await runner.release();
  }
}
