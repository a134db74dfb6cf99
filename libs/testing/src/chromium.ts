import { existsSync } from 'node:fs';
import { aptInstall } from './apt-install';

/** Debian's chromium, which playwright-core drives (it ships no browser of its own). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Makes sure the browser of the browser specs is installed: `apt-get install -y chromium` when
 * it is missing (refreshing the package lists first if they are empty), so a fresh machine runs
 * them rather than skipping them. Answers the executable's path.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  aptInstall(['chromium']);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`apt-get installed chromium, but ${CHROMIUM_PATH} is still missing`);
  return CHROMIUM_PATH;
}
