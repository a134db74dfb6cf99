import { RunningSystem } from './running-system';
import { sharedSystem, sharedSystemsAvailable } from './shared-system';
import { attachTestDatabase, createTestDatabase, TestDatabase } from './test-database';
import { createTestNamespace, dropTestNamespace } from './test-namespace';

export interface SuiteSystem {
  system: RunningSystem;
  database: TestDatabase;
  /** The NATS namespace of its subjects and streams (a stream is `<namespace>_<name>`). */
  namespace: string;
  /** The exit code of the system's stop (0 when it stopped cleanly). */
  exitCode: number | null;
}

type SuiteEnv = Record<string, string>;

/**
 * For an end-to-end suite: starts the whole system before its tests, in its own database and NATS
 * namespace, and stops and removes everything after them. Read the handle inside tests and hooks.
 * `extraEnv` may be a function of the suite's database, read when the system starts (after the
 * suite's earlier hooks started the peers it names).
 */
export function runSystemForSuite(
  extraEnv: SuiteEnv | ((database: TestDatabase) => SuiteEnv | Promise<SuiteEnv>) = {},
): SuiteSystem {
  const namespace = createTestNamespace();
  const handle = { exitCode: null, namespace } as SuiteSystem;
  beforeAll(async () => {
    handle.database = await createTestDatabase();
    handle.system = new RunningSystem({
      databaseUrl: handle.database.url,
      namespace,
      extraEnv: typeof extraEnv === 'function' ? await extraEnv(handle.database) : extraEnv,
    });
    await handle.system.start();
  });
  afterAll(async () => {
    handle.exitCode = await handle.system.stop();
    await Promise.all([handle.database.drop(), dropTestNamespace(namespace)]);
  });
  return handle;
}

/**
 * For an end-to-end suite that neither breaks the system nor needs peers of its own: the system
 * of this profile (`profileEnv`) that the suites of the test run share (shared-system.ts),
 * isolated from theirs by the suite's own accounts. Its database is for assertions on the suite's
 * own rows; the suite does not stop it. Outside a run set up by tests/global-setup.mjs it starts
 * one of its own, as runSystemForSuite does.
 */
export function shareSystemForSuite(profileEnv: SuiteEnv = {}): SuiteSystem {
  if (!sharedSystemsAvailable()) return runSystemForSuite(profileEnv);
  const handle = { exitCode: null } as SuiteSystem;
  beforeAll(async () => {
    handle.system = await sharedSystem(profileEnv);
    const { databaseUrl, namespace } = handle.system.record.options;
    handle.database = attachTestDatabase(databaseUrl);
    handle.namespace = namespace;
  });
  return handle;
}
