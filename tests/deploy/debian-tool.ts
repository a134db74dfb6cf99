import { existsSync } from 'node:fs';
import { aptInstall } from '@clarion/testing';

/**
 * The executable of a Debian package, installed with apt when the machine lacks it (as
 * libs/testing's ensureChromium does), so a fresh machine runs the specs rather than skipping
 * them. Inside .ci/run's network namespace apt cannot download: .ci/run installs these first.
 * Fails saying what to install when apt cannot.
 */
export function ensureDebianTool(path: string, debianPackage: string): string {
  if (existsSync(path)) return path;
  try {
    aptInstall([debianPackage]);
  } catch (error) {
    throw new Error(
      `${path} is missing and apt-get could not install Debian's ${debianPackage} (${String(error)}): install it first (apt-get install ${debianPackage}), as .ci/run does`,
    );
  }
  if (!existsSync(path)) throw new Error(`apt-get installed ${debianPackage}, but no ${path}`);
  return path;
}
