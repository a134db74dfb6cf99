import { K8sObject } from './rendered-objects';

/** The parts of a pod template the invariants read. */
export interface Container {
  name: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
    seccompProfile?: { type?: string };
  };
  lifecycle?: { preStop?: { exec?: { command?: string[] }; sleep?: { seconds: number } } };
  startupProbe?: unknown;
  readinessProbe?: unknown;
  livenessProbe?: unknown;
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    terminationGracePeriodSeconds?: number;
    securityContext?: {
      runAsNonRoot?: boolean;
      runAsUser?: number;
      seccompProfile?: { type?: string };
    };
    containers: Container[];
  };
}

export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet'];
export const isWorkload = (o: K8sObject) => WORKLOAD_KINDS.includes(o.kind);
export const podTemplateOf = (o: K8sObject) => (o.spec as { template: PodTemplate }).template;
export const podLabelsOf = (o: K8sObject) => podTemplateOf(o).metadata?.labels ?? {};

/** Seconds the preStop hook holds the pod before SIGTERM: `sleep N` (exec or built in), else 0. */
export function preStopSeconds(container: Container): number {
  const preStop = container.lifecycle?.preStop;
  if (preStop?.sleep) return preStop.sleep.seconds;
  const [command, seconds] = preStop?.exec?.command ?? [];
  return command === 'sleep' ? Number(seconds) : 0;
}

const UNITS: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, '': 1 };

/** A memory quantity in bytes (`192Mi`, `1Gi`); NaN when it is not one of those forms. */
export function bytesOf(quantity: string | undefined): number {
  const match = /^(\d+)(Ki|Mi|Gi|)$/.exec(quantity ?? '');
  return match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? NaN) : NaN;
}
