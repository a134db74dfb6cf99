import { spawnSync } from 'node:child_process';
import { ensureDebianTool } from '../deploy/debian-tool';

/** Prometheus' promtool (Debian's package prometheus), installed with apt when missing. */
export const ensurePromtool = () =>
  ensureDebianTool(process.env['PROMTOOL'] ?? '/usr/bin/promtool', 'prometheus');

/** Runs promtool: whether it succeeded, and what it printed (stdout and stderr). */
export function runPromtool(binary: string, args: string[], cwd?: string) {
  const result = spawnSync(binary, args, { cwd, encoding: 'utf8', timeout: 60_000 });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}
