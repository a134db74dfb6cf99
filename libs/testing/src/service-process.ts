import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { eventually } from './eventually';
import { freePort } from './free-port';

const ROOT = join(__dirname, '..', '..', '..');

export interface ServiceProcess {
  /** What the service wrote, for a failing test's message. */
  readonly output: string[];
  /** Stops it as SIGTERM does; answers its exit code. */
  stop(): Promise<number | null>;
}

/**
 * One service of the build (dist/, `node tools/build.mjs` first) as its own process, in a test's
 * namespace and database: for a spec of another app that needs the real service beside it (an
 * app's specs cannot import another app). Answers once its health endpoint says it is ready.
 */
export async function startServiceProcess(
  service: string,
  options: { namespace: string; databaseUrl: string; env?: Record<string, string> },
): Promise<ServiceProcess> {
  const healthPort = await freePort();
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', join(ROOT, 'dist/apps', service, 'src/main.js')],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        CLARION_NAMESPACE: options.namespace,
        HEALTH_PORT: String(healthPort),
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${service} exited: ${output.join('')}`);
        const response = await fetch(`http://127.0.0.1:${healthPort}/health/ready`);
        return response.status === 200 ? true : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${service} did not become ready: ${String(error)}\n${output.join('')}`);
  }
  return {
    output,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
