import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** `sync_interval: always` (an ack means fsynced) exists from 2.10.23 on; see tools/nats-server.mjs. */
const FIRST_DURABLE_VERSION = [2, 10, 23] as const;
const SERVER_FOLDERS = ['/usr/local/sbin', '/usr/sbin', '/sbin'];
const INSTALL = "install Debian 13's nats-server package (.ci/run does) or a release binary";

/**
 * nats-server from PATH (or the sbin folders) when it can fsync before it acks, for the specs
 * that need one (`purpose` says which); otherwise an error saying what to install.
 */
export function durableNatsServerBinary(purpose: string): string {
  const wanted = FIRST_DURABLE_VERSION.join('.');
  const binary = findOnPath('nats-server');
  if (!binary) {
    throw new Error(
      `${purpose} need nats-server ${wanted} or later, and none is on PATH or in ${SERVER_FOLDERS.join(', ')}: ${INSTALL}`,
    );
  }
  const output = execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim();
  const version = /v?(\d+)\.(\d+)\.(\d+)/.exec(output)?.slice(1).map(Number) ?? [];
  if (compareVersions(version, FIRST_DURABLE_VERSION) < 0) {
    throw new Error(
      `${purpose} need nats-server ${wanted} or later (sync_interval: always), and ${binary} is ${output}: ${INSTALL}`,
    );
  }
  return binary;
}

function findOnPath(command: string): string | undefined {
  const folders = [...(process.env['PATH'] ?? '').split(delimiter), ...SERVER_FOLDERS];
  for (const folder of folders.filter(Boolean)) {
    try {
      accessSync(join(folder, command), constants.X_OK);
      return join(folder, command);
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

function compareVersions(version: readonly number[], minimum: readonly number[]): number {
  for (let index = 0; index < minimum.length; index++) {
    const difference = (version[index] ?? -1) - (minimum[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
