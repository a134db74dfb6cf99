import { Client } from 'pg';

/**
 * Creates the database named in `url` when it does not exist yet, so a fresh PostgreSQL server
 * needs no manual step. Safe when several services race to do it.
 */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const database = decodeURIComponent(target.pathname.slice(1));
  const probe = new Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') throw error;
  } finally {
    await probe.end().catch(() => undefined);
  }
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`);
  } catch (error) {
    // 42P04: created meanwhile by another service; 23505: same race caught on the catalog index.
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}
