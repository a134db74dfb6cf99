import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'nats';
import { eventually } from './eventually';
import { durableNatsServerBinary } from './durable-nats-server';
import { freePortRun } from './free-start-ports';
import { GuardedServer } from './guarded-server';

const PORTS_PER_NODE = 3;
const READY_TIMEOUT_MS = 30_000;
const START_ATTEMPTS = 3;
/** A node's monitor answers at once; a port another process holds may never answer. */
const MONITOR_TIMEOUT_MS = 2_000;

/** One server of the cluster, by the ports it listens on. */
export interface NatsNode {
  readonly name: string;
  readonly clientPort: number;
  readonly monitorPort: number;
  readonly routePort: number;
}

/** What /jsz says of the JetStream meta group, as seen from one node. */
interface MetaCluster {
  leader?: string;
  replicas?: { name: string; current: boolean; offline?: boolean }[];
}

/**
 * N nats-server processes on loopback as one JetStream cluster (each with its own store, fsyncing
 * before it acks), for tests of what losing a broker node does: kill -9 one, restart it on the
 * same store. Fails at start, saying what to install, when nats-server is missing or too old.
 */
export class NatsCluster {
  private readonly processes = new Map<string, GuardedServer>();

  private constructor(
    private readonly binary: string,
    private readonly dir: string,
    readonly nodes: readonly NatsNode[],
  ) {}

  /**
   * Starts `size` nodes and waits until they form one cluster. Its ports were free when picked,
   * but a process beside it (another spec's system) may take one before a node binds it: the
   * cluster is then started again on other ports, up to three times.
   */
  static async start(size = 3): Promise<NatsCluster> {
    const binary = durableNatsServerBinary('JetStream clusters that fsync before they ack');
    for (let attempt = 1; ; attempt++) {
      try {
        return await NatsCluster.startOnFreePorts(binary, size);
      } catch (error) {
        if (attempt === START_ATTEMPTS) throw error;
        process.stderr.write(`[nats cluster] did not form, starting it again: ${String(error)}\n`);
      }
    }
  }

  private static async startOnFreePorts(binary: string, size: number): Promise<NatsCluster> {
    const first = await freePortRun(size * PORTS_PER_NODE, `a ${size}-node NATS cluster`);
    const nodes = Array.from({ length: size }, (_, index) => ({
      name: `n${index + 1}`,
      clientPort: first + index * PORTS_PER_NODE,
      monitorPort: first + index * PORTS_PER_NODE + 1,
      routePort: first + index * PORTS_PER_NODE + 2,
    }));
    const cluster = new NatsCluster(binary, mkdtempSync(join(tmpdir(), 'clarion-nats-')), nodes);
    try {
      nodes.forEach((node) => cluster.writeConfig(node));
      nodes.forEach((node) => cluster.spawn(node));
      await cluster.waitUntilFormed();
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /** Every node's client URL, comma-separated, as NATS_URL takes them. */
  get url(): string {
    return this.nodes.map((node) => `nats://127.0.0.1:${node.clientPort}`).join(',');
  }

  /** The node that leads `stream` (its name as the stream's info gives it). */
  async streamLeader(stream: string): Promise<NatsNode> {
    const connection = await connect({ servers: this.url.split(',') });
    try {
      const leader = await eventually(
        async () => {
          const info = await (await connection.jetstreamManager()).streams.info(stream);
          return info.cluster?.leader || undefined;
        },
        { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 },
      );
      return this.node(leader);
    } finally {
      await connection.close();
    }
  }

  /** kill -9: no goodbye to its routes or clients, and what it had not replicated is lost. */
  async kill(node: NatsNode): Promise<void> {
    const running = this.processes.get(node.name);
    if (!running) throw new Error(`${node.name} is not running`);
    process.kill(this.pidOf(node), 'SIGKILL');
    await running.whenExited();
    this.processes.delete(node.name);
  }

  isRunning(node: NatsNode): boolean {
    return this.processes.has(node.name);
  }

  /** Starts a killed node again on its store; resolves once the meta group counts it current. */
  async restart(node: NatsNode): Promise<void> {
    this.spawn(node);
    await this.waitUntilFormed();
  }

  /** Kills every node (its guard does, as our end of its stdin closes) and removes their stores. */
  async stop(): Promise<void> {
    const running = [...this.processes.values()];
    this.processes.clear();
    await Promise.all(running.map((server) => server.stop()));
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The last lines each node logged, for a failing test's message. */
  logTails(lines = 20): string {
    return this.nodes
      .map((node) => {
        const log = readIfThere(this.pathOf(node, 'log')).trim().split('\n').slice(-lines);
        return `--- ${node.name}\n${log.join('\n')}`;
      })
      .join('\n');
  }

  private node(name: string): NatsNode {
    const node = this.nodes.find((candidate) => candidate.name === name);
    if (!node) throw new Error(`no node is named ${name}`);
    return node;
  }

  private writeConfig(node: NatsNode): void {
    const routes = this.nodes.map((other) => `nats-route://127.0.0.1:${other.routePort}`);
    mkdirSync(this.pathOf(node, 'store'), { recursive: true });
    writeFileSync(
      this.pathOf(node, 'conf'),
      [
        `server_name: ${node.name}`,
        `listen: 127.0.0.1:${node.clientPort}`,
        `http: 127.0.0.1:${node.monitorPort}`,
        `pid_file: "${this.pathOf(node, 'pid')}"`,
        `jetstream { store_dir: "${this.pathOf(node, 'store')}", sync_interval: always }`,
        `cluster { name: clarion-test, listen: 127.0.0.1:${node.routePort}, routes: [${routes.join(', ')}] }`,
      ].join('\n'),
    );
  }

  private spawn(node: NatsNode): void {
    rmSync(this.pathOf(node, 'pid'), { force: true });
    const server = GuardedServer.start({
      command: this.binary,
      args: ['-c', this.pathOf(node, 'conf')],
      stopSignal: 'SIGKILL',
      logFile: this.pathOf(node, 'log'),
    });
    this.processes.set(node.name, server);
  }

  /**
   * Until every node answers and names the same meta leader, and the leader counts every other
   * node a current member of the meta group (only the leader's /jsz lists them).
   */
  private async waitUntilFormed(): Promise<void> {
    let views: MetaCluster[] = [];
    await eventually(
      async () => {
        views = await Promise.all(this.nodes.map((node) => this.metaClusterOf(node)));
        return isFormed(views, this.nodes.length) ? true : undefined;
      },
      { timeoutMs: READY_TIMEOUT_MS, intervalMs: 200 },
    ).catch(() => {
      throw new Error(
        `the NATS cluster did not form within ${READY_TIMEOUT_MS} ms; the nodes' view of the ` +
          `meta group: ${JSON.stringify(views)}\n${this.logTails(10)}`,
      );
    });
  }

  /** What /jsz says of the meta group as `node` sees it; nothing yet while it does not answer. */
  private async metaClusterOf(node: NatsNode): Promise<MetaCluster> {
    try {
      const response = await fetch(`http://127.0.0.1:${node.monitorPort}/jsz`, {
        signal: AbortSignal.timeout(MONITOR_TIMEOUT_MS),
      });
      return ((await response.json()) as { meta_cluster?: MetaCluster }).meta_cluster ?? {};
    } catch {
      return {};
    }
  }

  private pidOf(node: NatsNode): number {
    const pid = Number(readIfThere(this.pathOf(node, 'pid')).trim());
    if (!Number.isInteger(pid) || pid <= 0) throw new Error(`${node.name} wrote no pid file`);
    return pid;
  }

  private pathOf(node: NatsNode, what: 'conf' | 'log' | 'pid' | 'store'): string {
    return what === 'store' ? join(this.dir, node.name) : join(this.dir, `${node.name}.${what}`);
  }
}

/** Whether every node names the same leader, which counts all the others current. */
function isFormed(views: readonly MetaCluster[], size: number): boolean {
  const leader = views[0]?.leader;
  if (!leader || views.some((view) => view.leader !== leader)) return false;
  const peers = views.find((view) => view.replicas)?.replicas ?? [];
  return peers.length === size - 1 && peers.every((peer) => peer.current && !peer.offline);
}

function readIfThere(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
