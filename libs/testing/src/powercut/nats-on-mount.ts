import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'nats';
import { eventually } from '../eventually';
import { durableNatsServerBinary } from '../durable-nats-server';
import { freePort } from '../free-port';
import { GuardedServer } from '../guarded-server';
import { PowercutMount } from './powercut-mount';
import { ServerOnMount } from './server-on-mount';

export interface NatsOnMountOptions {
  /**
   * `jetstream { sync_interval: always }`: every stored message is fsynced before it is acked.
   * Without it, nats-server's default (sync every 2 minutes).
   */
  syncAlways: boolean;
}

/** nats-server from PATH with its JetStream store in a powercut-fs mount, on a port of its own. */
export class NatsOnMount extends ServerOnMount {
  private constructor(
    private readonly binary: string,
    private readonly configFile: string,
    private readonly logFile: string,
    readonly port: number,
  ) {
    super();
  }

  static async start(mount: PowercutMount, options: NatsOnMountOptions): Promise<NatsOnMount> {
    const binary = durableNatsServerBinary('The power-cut specs');
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
}
