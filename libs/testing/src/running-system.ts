import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AccountResponseDto, SERVICE_NAMES, ServiceName } from '@clarion/contracts';
import { eventually } from './eventually';
import { freeStartPorts } from './free-start-ports';

const ROOT = join(__dirname, '..', '..', '..');

export interface RunningSystemOptions {
  databaseUrl: string;
  namespace: string;
  extraEnv?: Record<string, string>;
  /**
   * For a system other processes use too (shared-system.ts): it runs in a process group of its
   * own with its output in `logFile`, keeps its data in `dataDir`, and stops by itself once
   * process `ownerPid` is gone (CLARION_STOP_WITH_PID).
   */
  detached?: { logFile: string; dataDir: string; ownerPid: number };
}

type StartPorts = Awaited<ReturnType<typeof freeStartPorts>>;

/** What another process needs to use a running system, and to stop it (RunningSystem.attach). */
export interface RunningSystemRecord {
  options: RunningSystemOptions;
  ports: StartPorts;
  launcherPid: number;
}

/**
 * The whole system as `npm start` runs it (tools/start.mjs: eight processes), on free ports, in
 * its own NATS namespace and database.
 */
export class RunningSystem {
  private readonly ownOutput: string[] = [];
  private child?: ChildProcess;
  private ports?: StartPorts;
  /** Its own data folder: the record of a running `npm start` is the test's, not the checkout's. */
  private dataDir?: string;
  /** The launcher of a system this one is attached to; that system's owner stops it. */
  private attachedTo?: number;

  constructor(private readonly options: RunningSystemOptions) {}

  /** A system another process launched, to use and never to stop. */
  static attach(record: RunningSystemRecord): RunningSystem {
    const system = new RunningSystem(record.options);
    system.ports = record.ports;
    system.attachedTo = record.launcherPid;
    return system;
  }

  /** What RunningSystem.attach needs, once launched. */
  get record(): RunningSystemRecord {
    const launcherPid = this.launcherPid;
    if (!this.ports || launcherPid === undefined) throw new Error('the system is not launched');
    return { options: this.options, ports: this.ports, launcherPid };
  }

  /** What the services printed (a detached system's, of every process using it). */
  get output(): string[] {
    const logFile = this.options.detached?.logFile;
    return logFile ? [readFileSync(logFile, 'utf8')] : this.ownOutput;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.ports?.GATEWAY_PORT ?? 0}`;
  }

  /** The process of tools/start.mjs; its eight services are its children. */
  get launcherPid(): number | undefined {
    return this.attachedTo ?? this.child?.pid;
  }

  /** Where delivery-workers receive mail (replies, inboxes, bounces, reports). */
  get inboundSmtpPort(): number {
    return Number(this.options.extraEnv?.['EMAIL_INBOUND_PORT'] ?? this.ports?.EMAIL_INBOUND_PORT);
  }

  /** Where a service answers probes and scrapes (tools/start.mjs counts them in SERVICE_NAMES order). */
  healthUrlOf(service: ServiceName): string {
    const healthPortBase = Number(this.ports?.HEALTH_PORT_BASE);
    return `http://127.0.0.1:${healthPortBase + SERVICE_NAMES.indexOf(service) - 1}`;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    await this.launch();
    await this.untilReady(timeoutMs);
  }

  /** Starts tools/start.mjs on free ports, without waiting for the services. */
  async launch(): Promise<void> {
    const ports = await freeStartPorts();
    this.ports = ports;
    const detached = this.options.detached;
    this.dataDir = detached?.dataDir ?? mkdtempSync(join(tmpdir(), 'clarion-system-'));
    const env = {
      ...process.env,
      DATABASE_URL: this.options.databaseUrl,
      CLARION_NAMESPACE: this.options.namespace,
      CLARION_DATA_DIR: this.dataDir,
      ...ports,
      LOG_FORMAT: 'json',
      ...this.options.extraEnv,
    };
    const log = detached ? openSync(detached.logFile, 'a') : undefined;
    this.child = spawn(process.execPath, [join(ROOT, 'tools/start.mjs')], {
      env: detached ? { ...env, CLARION_STOP_WITH_PID: String(detached.ownerPid) } : env,
      stdio: log === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', log, log],
      detached: Boolean(detached),
    });
    if (log !== undefined) {
      closeSync(log);
      this.child.unref();
      return;
    }
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.on('data', (chunk: Buffer) => this.ownOutput.push(chunk.toString('utf8')));
    }
  }

  /** Resolves once the gateway answers /status; throws with the system's last output if it never does. */
  async untilReady(timeoutMs = 60_000): Promise<void> {
    await eventually(
      async () => ((await fetch(`${this.baseUrl}/status`)).status === 200 ? true : undefined),
      {
        timeoutMs,
        intervalMs: 200,
      },
    ).catch((error: unknown) => {
      throw new Error(
        `the system did not become ready: ${String(error)}\n${this.output.join('').slice(-4000)}`,
      );
    });
  }

  /** `npm run admin -- account create …` against the system's database. */
  createAccount(
    name: string,
    email: string,
    options: { password?: string; databaseUrl?: string } = {},
  ): AccountResponseDto {
    const password = options.password === undefined ? [] : ['--password', options.password];
    return this.admin(
      ['account', 'create', '--name', name, '--email', email, ...password],
      options.databaseUrl,
    );
  }

  /** Any `npm run admin -- …` command against the system; its one line of JSON, parsed. */
  admin<T = AccountResponseDto>(args: string[], databaseUrl = this.options.databaseUrl): T {
    const result = spawnSync(
      process.execPath,
      [join(ROOT, 'dist/apps/billing/src/admin/main.js'), ...args],
      {
        env: {
          ...process.env,
          CLARION_NAMESPACE: this.options.namespace,
          ...this.options.extraEnv,
          // The database itself, also when the services reach it through a proxy of the test's
          // own process: spawnSync holds that process still, so the proxy could not relay.
          DATABASE_URL: databaseUrl,
        },
        encoding: 'utf8',
      },
    );
    if (result.status !== 0) throw new Error(`admin ${args.join(' ')} failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as T;
  }

  /** Stops the system like Ctrl-C does; resolves with the exit code (null for an attached one). */
  async stop(timeoutMs = 20_000): Promise<number | null> {
    if (this.attachedTo !== undefined) return null;
    const child = this.child;
    // A launcher killed by a signal has no exit code, and has already emitted its exit.
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      this.removeDataDir();
      return child?.exitCode ?? null;
    }
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    child.kill('SIGINT');
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    this.removeDataDir();
    return code;
  }

  private removeDataDir(): void {
    if (this.dataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}
