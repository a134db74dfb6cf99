import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';

export const ROOT = resolve(__dirname, '../../..');
export const OVERLAYS_DIR = join(ROOT, 'deploy/overlays');

/** One object of a rendered overlay, in the shape every check reads. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
}

export const describeObject = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;

/**
 * kubectl (with its built-in kustomize), installed with apt like libs/testing's ensureChromium
 * when the machine has none, so a fresh machine runs these specs rather than skipping them.
 */
export function ensureKubectl(): string {
  const path = process.env['KUBECTL'] ?? '/usr/bin/kubectl';
  if (existsSync(path)) return path;
  const apt = (args: string[]) =>
    execFileSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 600_000,
    });
  const install = ['install', '-y', '--no-install-recommends', 'kubernetes-client'];
  try {
    apt(install);
  } catch {
    apt(['update']);
    apt(install);
  }
  if (!existsSync(path)) throw new Error(`apt-get installed kubernetes-client, but no ${path}`);
  return path;
}

export function listOverlays(): string[] {
  return readdirSync(OVERLAYS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
}

/** `kubectl kustomize deploy/overlays/<overlay>`, parsed. */
export function renderOverlay(kubectl: string, overlay: string): K8sObject[] {
  const output = execFileSync(kubectl, ['kustomize', join(OVERLAYS_DIR, overlay)], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  return parseAllDocuments(output)
    .map((doc) => doc.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null);
}
