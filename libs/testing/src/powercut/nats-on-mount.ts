import { execFileSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { connect } from 'nats';
import { eventually } from '../eventually';
import { freePort } from '../free-port';
import { GuardedServer } from './guarded-server';
import { PowercutMount } from './powercut-mount';

/**
 * The oldest nats-server whose `sync_interval: always` the power-cut proof takes as Clarion's
 * durability (issue 38); .ci/run installs at least this one.
 */
export const MIN_NATS_SERVER_VERSION = '2.10.23';
/** Where servers are installed but PATH often does not look (as tools/infra-preconditions.mjs). */
const SERVER_FOLDERS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

export interface NatsOnMountOptions {
  /**
   * `jetstream { sync_interval: always }`: every stored message is fsynced before it is acked.
   * Without it, nats-server's default (sync every 2 minutes).
   */
  syncAlways: boolean;
}

/** nats-server from PATH with its JetStream store in a powercut-fs mount, on a port of its own. */
export class NatsOnMount {
  private server?: GuardedServer;

  private constructor(
    private readonly binary: string,
    private readonly configFile: string,
    private readonly logFile: string,
    readonly port: number,
  ) {}

  static async start(mount: PowercutMount, options: NatsOnMountOptions): Promise<NatsOnMount> {
    const binary = natsServerOfAtLeast(MIN_NATS_SERVER_VERSION);
    const port = await freePort();
    const configFile = join(mount.folder, 'nats.conf');
    const sync = options.syncAlways ? ', sync_interval: always' : '';
    writeFileSync(
      configFile,
      `host: 127.0.0.1\nport: ${port}\njetstream { store_dir: ${JSON.stringify(join(mount.path, 'nats'))}${sync} }\n`,
    );
    const nats = new NatsOnMount(binary, configFile, join(mount.folder, 'nats.log'), port);
    await nats.restart();
    return nats;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts it on the same store and port; answers once it takes clients (its store recovered). */
  async restart(timeoutMs = 30_000): Promise<void> {
    const server = GuardedServer.start({
      command: this.binary,
      args: ['-c', this.configFile],
      stopSignal: 'SIGTERM',
      logFile: this.logFile,
    });
    this.server = server;
    await eventually(
      async () => {
        if (server.exited) throw new Error(`nats-server exited: ${server.logTail()}`);
        // A NATS handshake, not a bare TCP connect: a connection in the server's first
        // milliseconds was seen reset (about one start in twenty on a loaded machine).
        const client = await connect({ servers: this.url, timeout: 1_000, reconnect: false });
        await client.close();
        return true;
      },
      { timeoutMs, intervalMs: 50 },
    ).catch((error: unknown) => {
      throw new Error(`nats-server on the mount did not start: ${String(error)}`);
    });
  }

  processIds(): number[] {
    return this.server?.processIds() ?? [];
  }

  logTail(lines?: number): string {
    return this.server?.logTail(lines) ?? '';
  }

  stop(): Promise<void> {
    return this.server?.stop() ?? Promise.resolve();
  }
}

/** nats-server from PATH or the sbin folders, of at least `minimum`, or an error saying why not. */
function natsServerOfAtLeast(minimum: string): string {
  const folders = [...(process.env['PATH'] ?? '').split(delimiter), ...SERVER_FOLDERS];
  const binary = folders
    .filter(Boolean)
    .map((folder) => join(folder, 'nats-server'))
    .find((candidate) => {
      try {
        return statSync(candidate).isFile();
      } catch {
        return false;
      }
    });
  if (!binary) {
    throw new Error(`nats-server is not on PATH: the power-cut specs need ${minimum} or later`);
  }
  const output = execFileSync(binary, ['--version'], { encoding: 'utf8' });
  const version = /v?(\d+)\.(\d+)\.(\d+)/.exec(output);
  if (
    !version ||
    compareVersions(version.slice(1).map(Number), minimum.split('.').map(Number)) < 0
  ) {
    throw new Error(
      `${binary} is ${output.trim()}: the power-cut specs need nats-server ${minimum} or later`,
    );
  }
  return binary;
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = (a[i] ?? 0) - (b[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
