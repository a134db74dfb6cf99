import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ensureDebianTool } from '../debian-tool';

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

/** kubectl, with its built-in kustomize: Debian's kubernetes-client. */
export function ensureKubectl(): string {
  return ensureDebianTool(process.env['KUBECTL'] ?? '/usr/bin/kubectl', 'kubernetes-client');
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
