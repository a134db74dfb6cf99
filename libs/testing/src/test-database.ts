import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  url: string;
  /** Runs one statement on the test database (for assertions on stored rows). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Makes a login role with this password the database's owner and answers the database's URL
   * as that role, for a system that must be given a password PostgreSQL checks (an embedded
   * PostgreSQL checks every password; a local one that trusts connections ignores it).
   */
  ownedByRoleWithPassword(password: string): Promise<string>;
  drop(): Promise<void>;
}

/** A fresh, empty database on the test PostgreSQL, so each test file starts from nothing. */
export async function createTestDatabase(
  baseUrl = requireEnv('DATABASE_URL'),
): Promise<TestDatabase> {
  const name = `clarion_test_${randomBytes(6).toString('hex')}`;
  const admin = maintenanceUrl(baseUrl);
  await withClient(admin, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const owner = `${name}_owner`;
  return {
    url: url.toString(),
    query: queryOn(url.toString()),
    ownedByRoleWithPassword: async (password) => {
      await withClient(admin, async (client) => {
        await client.query(`CREATE ROLE ${owner} LOGIN PASSWORD ${quoteLiteral(password)}`);
        await client.query(`ALTER DATABASE ${name} OWNER TO ${owner}`);
      });
      const ownerUrl = new URL(url);
      ownerUrl.username = owner;
      ownerUrl.password = password;
      return ownerUrl.toString();
    },
    drop: () =>
      withClient(admin, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.query(`DROP ROLE IF EXISTS ${owner}`);
      }),
  };
}

/**
 * A database others own (a shared system's): to query for assertions on a suite's own rows. Its
 * owner drops it; `drop` leaves it, and it has no role of its own to give out.
 */
export function attachTestDatabase(url: string): TestDatabase {
  return {
    url,
    query: queryOn(url),
    ownedByRoleWithPassword: () =>
      Promise.reject(new Error('a shared database has no role of its own to give out')),
    drop: () => Promise.resolve(),
  };
}

function queryOn(url: string): TestDatabase['query'] {
  return <T>(sql: string, params?: unknown[]) =>
    withClient(url, async (client) => (await client.query(sql, params)).rows as T[]);
}

/** A SQL string literal (CREATE ROLE takes no bind parameters). */
function quoteLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run the tests with npm test`);
  return value;
}

function maintenanceUrl(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
