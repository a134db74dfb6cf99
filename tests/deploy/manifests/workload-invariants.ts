import { describeObject, K8sObject } from './rendered-objects';
import { bytesOf, Container, isWorkload, podTemplateOf, preStopSeconds } from './workloads';

const MIB = 2 ** 20;
/**
 * Idle RSS measured for Clarion's services with tracing on (Node 24, 20 s after start): a
 * container's memory request must exceed it. Containers not named here keep the general floor.
 */
const IDLE_RSS_BYTES_BY_CONTAINER: Readonly<Record<string, number>> = {
  gateway: 185 * MIB,
  'delivery-workers': 180 * MIB,
  // The NATS exporter sidecar, a small Go process: an estimate, as no image can run here.
  'nats-exporter': 24 * MIB,
};
const IDLE_RSS_BYTES = 162 * MIB;

/** The idle RSS a container's memory request must exceed. */
function idleRssOf(containerName: string): number {
  return IDLE_RSS_BYTES_BY_CONTAINER[containerName] ?? IDLE_RSS_BYTES;
}

export const DRAIN_ANNOTATION = 'clarion.dev/drain-seconds';
const DEFAULT_GRACE_SECONDS = 30;

function containerProblems(container: Container, minMemoryRequest: number): string[] {
  const problems: string[] = [];
  const security = container.securityContext ?? {};
  if (security.readOnlyRootFilesystem !== true) problems.push('root filesystem is writable');
  if (security.allowPrivilegeEscalation !== false) problems.push('privilege escalation allowed');
  if (!security.capabilities?.drop?.includes('ALL')) problems.push('capabilities not all dropped');
  const { requests = {}, limits = {} } = container.resources ?? {};
  if (!requests['cpu']) problems.push('no cpu request');
  if (!limits['memory']) problems.push('no memory limit');
  const memoryRequest = bytesOf(requests['memory']);
  if (!(memoryRequest > minMemoryRequest))
    problems.push(`memory request ${requests['memory'] ?? 'missing'} not above idle RSS`);
  if (bytesOf(limits['memory']) < memoryRequest) problems.push('memory limit below its request');
  for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe'] as const)
    if (!container[probe]) problems.push(`no ${probe}`);
  return problems.map((p) => `${container.name}: ${p}`);
}

/**
 * What a Deployment or StatefulSet breaks of the rules every workload keeps: non-root, seccomp
 * RuntimeDefault, read-only root filesystem, no capabilities, requests and limits, three probes,
 * and a grace period longer than its preStop pause and its drain (the drain-seconds annotation).
 */
export function workloadProblems(object: K8sObject): string[] {
  if (!isWorkload(object)) return [];
  const template = podTemplateOf(object);
  const pod = template.spec.securityContext ?? {};
  const problems: string[] = [];
  if (pod.runAsNonRoot !== true) problems.push('pod may run as root');
  if (pod.runAsUser === 0) problems.push('pod runs as uid 0');
  const seccomp = (c: Container) =>
    (c.securityContext?.seccompProfile?.type ?? pod.seccompProfile?.type) === 'RuntimeDefault';
  if (!template.spec.containers.every(seccomp)) problems.push('seccomp is not RuntimeDefault');
  for (const container of template.spec.containers)
    problems.push(...containerProblems(container, idleRssOf(container.name)));
  const drain = Number(template.metadata?.annotations?.[DRAIN_ANNOTATION]);
  if (!Number.isFinite(drain)) problems.push(`no ${DRAIN_ANNOTATION} annotation`);
  const grace = template.spec.terminationGracePeriodSeconds ?? DEFAULT_GRACE_SECONDS;
  const preStop = Math.max(0, ...template.spec.containers.map(preStopSeconds));
  if (!(grace > preStop + drain))
    problems.push(`grace ${grace} s is not longer than preStop ${preStop} s + drain ${drain} s`);
  return problems.map((p) => `${describeObject(object)}: ${p}`);
}

/**
 * Deployments of Clarion's services: a preStop pause, the `metrics` port Prometheus scrapes, and
 * a drain deadline of their own (DRAIN_DEADLINE_MS) that is the drain the grace period allows for.
 */
export function serviceDeploymentProblems(object: K8sObject): string[] {
  if (object.kind !== 'Deployment') return [];
  const template = podTemplateOf(object);
  const problems: string[] = [];
  for (const container of template.spec.containers) {
    if (preStopSeconds(container) <= 0) problems.push(`${container.name}: no preStop pause`);
    const metrics = container.ports?.find((p) => p.name === 'metrics');
    if (metrics?.containerPort !== 8081) problems.push(`${container.name}: no metrics port 8081`);
    const deadline = container.env?.find((e) => e.name === 'DRAIN_DEADLINE_MS')?.value;
    const drainMs = Number(template.metadata?.annotations?.[DRAIN_ANNOTATION]) * 1000;
    if (Number(deadline) !== drainMs)
      problems.push(
        `${container.name}: DRAIN_DEADLINE_MS ${deadline ?? 'unset'} is not the ${DRAIN_ANNOTATION} (${drainMs} ms)`,
      );
  }
  const annotations = template.metadata?.annotations ?? {};
  if (
    annotations['prometheus.io/scrape'] !== 'true' ||
    annotations['prometheus.io/port'] !== '8081'
  )
    problems.push('no prometheus.io scrape annotations for port 8081');
  return problems.map((p) => `${describeObject(object)}: ${p}`);
}
