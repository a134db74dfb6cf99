import { Client } from 'pg';

/** Database that does not exist yet: billing's migrations create it, so it counts as reachable. */
const INVALID_CATALOG_NAME = '3D000';

/**
 * Fails at once with one line that says what to do when the deployment's PostgreSQL cannot be
 * reached, instead of the data source's retries with a stack trace each.
 */
export async function assertOperatorDatabaseReachable(databaseUrl: string): Promise<void> {
  const probe = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
  } catch (error) {
    if ((error as { code?: string }).code === INVALID_CATALOG_NAME) return;
    throw new Error(
      `PostgreSQL is not reachable at ${withoutPassword(databaseUrl)} (${reasonOf(error)}): start the system (npm start) or set DATABASE_URL.`,
    );
  } finally {
    await probe.end().catch(() => undefined);
  }
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The driver's own words; connecting to `localhost` fails with one error per address. */
function reasonOf(error: unknown): string {
  const { message, errors } = error as { message?: unknown; errors?: unknown[] };
  if (Array.isArray(errors) && errors.length > 0) return reasonOf(errors[0]);
  return typeof message === 'string' && message ? message : String(error);
}
