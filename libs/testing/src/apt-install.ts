import { execFileSync } from 'node:child_process';

/**
 * Installs Debian packages a spec needs and the machine lacks (refreshing the package lists
 * first when they are stale), so a fresh machine runs the spec rather than skipping it. Throws
 * when apt-get cannot: inside .ci/run's network namespace it cannot download, so .ci/run
 * installs them first.
 */
export function aptInstall(packages: readonly string[]): void {
  const apt = (args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 600_000,
    });
  const install = ['install', '-y', '--no-install-recommends', ...packages];
  try {
    apt(install);
  } catch {
    apt(['update']);
    apt(install);
  }
}
