import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { K8sObject, ROOT } from './rendered-objects';

/**
 * The packages holding the Kubernetes schemas, as generated models: core Kubernetes, then the
 * custom resources the manifests use (KEDA, the Prometheus Operator, CloudNativePG).
 */
const SCHEMA_PACKAGES = [
  'kubernetes-models',
  '@kubernetes-models/keda',
  '@kubernetes-models/prometheus-operator',
  '@kubernetes-models/cloudnative-pg',
];

/** Where an object's kind is modelled: `<package>/<group>/<version>/<Kind>`, if anywhere. */
export function schemaModuleOf(object: Pick<K8sObject, 'apiVersion' | 'kind'>): string | undefined {
  const [group, version] = object.apiVersion.includes('/')
    ? object.apiVersion.split('/')
    : ['', object.apiVersion];
  const subpath = [group, version, object.kind].filter(Boolean).join('/');
  const pkg = SCHEMA_PACKAGES.find((p) =>
    existsSync(join(ROOT, 'node_modules', p, `${subpath}.d.ts`)),
  );
  return pkg && `${pkg}/${subpath}`;
}
