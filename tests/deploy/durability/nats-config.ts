import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { exactVersionOf, formatVersion, isAtLeast, Version } from './image-tags';

/**
 * nats-server 2.10.23 is the first that both has `sync_interval: always` (2.9 has no such
 * setting) and keeps its streams after a kill -9 (2.10.20 to 2.10.22 could forget one).
 */
export const DURABLE_NATS: Version = [2, 10, 23];

/** The text of a NATS configuration without its comments. */
const withoutComments = (conf: string) => conf.replace(/(#|\/\/).*$/gm, '');

/** What keeps a NATS configuration from fsyncing each JetStream write before acknowledging it. */
export function syncAlwaysProblems(conf: string): string[] {
  const jetstream = /\bjetstream\s*[:=]?\s*\{([^}]*)\}/.exec(withoutComments(conf))?.[1];
  if (jetstream === undefined) return ['no jetstream block'];
  const problems: string[] = [];
  if (!/\bsync_interval\s*[:=]\s*["']?always["']?\s*$/m.test(jetstream))
    problems.push('jetstream has no sync_interval: always');
  if (!storeDirOf(jetstream)) problems.push('jetstream has no store_dir');
  return problems;
}

/** The store_dir of a configuration's jetstream block, if it has one. */
export function storeDirOf(conf: string): string | undefined {
  return /\bstore_dir\s*[:=]\s*["']?([^\s"']+)/.exec(withoutComments(conf))?.[1];
}

/** nats-server from PATH or the sbin folders, where tools/infra.mjs finds it; fails saying so. */
export function natsServerBinary(): string {
  const folders = [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  const found = folders
    .filter(Boolean)
    .map((folder) => join(folder, 'nats-server'))
    .find((path) => existsSync(path));
  if (!found)
    throw new Error(
      `nats-server is not on PATH: the deploy specs check the NATS configurations with it (nats-server -t), and the tests need it anyway; install ${formatVersion(DURABLE_NATS)} or later`,
    );
  const version = natsServerVersion(found);
  if (!isAtLeast(version, DURABLE_NATS))
    throw new Error(
      `${found} is ${formatVersion(version)}: it cannot check sync_interval: always; install nats-server ${formatVersion(DURABLE_NATS)} or later (as .ci/run does)`,
    );
  return found;
}

function natsServerVersion(binary: string): Version {
  const output = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const version = exactVersionOf(`nats-server:${output.replace(/^nats-server:\s*/, '')}`);
  if (!version) throw new Error(`cannot read the version of ${binary} in "${output}"`);
  return version;
}

/**
 * nats-server's own check of a configuration (`nats-server -c <conf> -t`), where an unknown
 * field or a bad value is an error: its complaint, or nothing when the configuration is valid.
 */
export function natsServerRefusal(binary: string, conf: string, env: NodeJS.ProcessEnv): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'clarion-nats-conf-'));
  try {
    const file = join(folder, 'nats.conf');
    writeFileSync(file, conf);
    execFileSync(binary, ['-c', file, '-t'], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return [];
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return [stderr || String(error)];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
