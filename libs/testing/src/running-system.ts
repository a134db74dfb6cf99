import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
}

/**
 * The whole system as `npm start` runs it (tools/start.mjs: eight processes), on free ports, in
 * its own NATS namespace and database.
 */
export class RunningSystem {
  readonly output: string[] = [];
  private child?: ChildProcess;
  private gatewayPort = 0;
  private smtpPort = 0;
  private healthPortBase = 0;
  /** Its own data folder: the record of a running `npm start` is the test's, not the checkout's. */
  private dataDir?: string;

  constructor(private readonly options: RunningSystemOptions) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.gatewayPort}`;
  }

  /** The process of tools/start.mjs; its eight services are its children. */
  get launcherPid(): number | undefined {
    return this.child?.pid;
  }

  /** Where delivery-workers receive mail (replies, inboxes, bounces, reports). */
  get inboundSmtpPort(): number {
    return Number(this.options.extraEnv?.['EMAIL_INBOUND_PORT'] ?? this.smtpPort);
  }

  /** Where a service answers probes and scrapes (tools/start.mjs counts them in SERVICE_NAMES order). */
  healthUrlOf(service: ServiceName): string {
    return `http://127.0.0.1:${this.healthPortBase + SERVICE_NAMES.indexOf(service) - 1}`;
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const ports = await freeStartPorts();
    this.gatewayPort = Number(ports.GATEWAY_PORT);
    this.smtpPort = Number(ports.EMAIL_INBOUND_PORT);
    this.healthPortBase = Number(ports.HEALTH_PORT_BASE);
    this.dataDir = mkdtempSync(join(tmpdir(), 'clarion-system-'));
    this.child = spawn(process.execPath, [join(ROOT, 'tools/start.mjs')], {
      env: {
        ...process.env,
        DATABASE_URL: this.options.databaseUrl,
        CLARION_NAMESPACE: this.options.namespace,
        CLARION_DATA_DIR: this.dataDir,
        ...ports,
        LOG_FORMAT: 'json',
        ...this.options.extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.on('data', (chunk: Buffer) => this.output.push(chunk.toString('utf8')));
    }
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

  /** Stops the system like Ctrl-C does; resolves with the exit code. */
  async stop(timeoutMs = 20_000): Promise<number | null> {
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
