import { K8sObject } from '../manifests/rendered-objects';
import { LabelSelector, selects } from '../manifests/label-selector';
import { podLabelsOf, PodTemplate, podTemplateOf } from '../manifests/workloads';
import { pinnedImageProblems, Version } from './image-tags';
import { DURABLE_NATS, storeDirOf, syncAlwaysProblems } from './nats-config';

/** The NATS exporter, from the release whose jsz metrics include each stream's byte limit. */
export const NATS_EXPORTER = 'natsio/prometheus-nats-exporter';
export const EXPORTER_WITH_LIMITS: Version = [0, 17, 0];
/** What the exporter must read: server, JetStream streams and consumers, connections, routes. */
export const EXPORTER_FLAGS = ['-varz', '-jsz=all', '-connz', '-routez'];
/** The job the alert rules know NATS' series by (up{job="nats"}). */
export const NATS_JOB = 'nats';

interface NatsContainer {
  name: string;
  image?: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  volumeMounts?: { name: string; mountPath: string }[];
}
interface NatsStatefulSetSpec {
  replicas?: number;
  template: PodTemplate & {
    spec: { volumes?: { name: string; configMap?: { name: string } }[] };
  };
  volumeClaimTemplates?: { metadata: { name: string } }[];
  persistentVolumeClaimRetentionPolicy?: { whenDeleted?: string; whenScaled?: string };
}

const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);

/** The nats.conf the StatefulSet's NATS container reads, from the ConfigMap it mounts. */
export function natsConfOf(objects: K8sObject[]): string | undefined {
  const spec = named(objects, 'StatefulSet', 'nats')?.spec as NatsStatefulSetSpec | undefined;
  const configMap = spec?.template.spec.volumes?.find((v) => v.configMap)?.configMap?.name;
  const data = configMap && (named(objects, 'ConfigMap', configMap)?.['data'] as object);
  return (data as Record<string, string> | undefined)?.['nats.conf'];
}

/**
 * What keeps the in-cluster NATS (components/nats) from keeping each acknowledged message
 * through a power cut and the loss of one node, or from being watched: three nodes of an exact
 * nats-server 2.10.23 or later, fsyncing each write, their store on volumes that outlive the
 * pods, and a pinned exporter beside each that a PodMonitor scrapes and the policy lets in.
 */
export function natsClusterProblems(objects: K8sObject[]): string[] {
  const statefulSet = named(objects, 'StatefulSet', 'nats');
  if (!statefulSet) return ['no StatefulSet/nats'];
  const spec = statefulSet.spec as unknown as NatsStatefulSetSpec;
  const containers = spec.template.spec.containers as NatsContainer[];
  const nats = containers.find((c) => c.name === 'nats');
  if (!nats) return ['StatefulSet/nats has no container nats'];
  const problems: string[] = [];
  if (spec.replicas !== 3) problems.push(`${spec.replicas ?? 1} replicas, not 3`);
  problems.push(...pinnedImageProblems(nats.image, DURABLE_NATS));
  const conf = natsConfOf(objects);
  if (conf === undefined) problems.push('no nats.conf in the ConfigMap it mounts');
  else problems.push(...syncAlwaysProblems(conf), ...storeProblems(spec, nats, conf));
  problems.push(...exporterProblems(objects, podLabelsOf(statefulSet), containers, nats));
  return problems.map((p) => `StatefulSet/nats: ${p}`);
}

function storeProblems(spec: NatsStatefulSetSpec, nats: NatsContainer, conf: string): string[] {
  const storeDir = storeDirOf(conf);
  const mount = nats.volumeMounts?.find((m) => m.mountPath === storeDir);
  const claims = (spec.volumeClaimTemplates ?? []).map((t) => t.metadata.name);
  const problems: string[] = [];
  if (!mount || !claims.includes(mount.name))
    problems.push(`store_dir ${storeDir} is not on a volumeClaimTemplate`);
  const retention = spec.persistentVolumeClaimRetentionPolicy ?? {};
  if (retention.whenDeleted !== 'Retain' || retention.whenScaled !== 'Retain')
    problems.push('its volumes are not retained when it is deleted or scaled down');
  return problems;
}

function exporterProblems(
  objects: K8sObject[],
  podLabels: Record<string, string>,
  containers: NatsContainer[],
  nats: NatsContainer,
): string[] {
  const exporter = containers.find((c) => c.image?.startsWith(`${NATS_EXPORTER}:`));
  if (!exporter) return [`no ${NATS_EXPORTER} container`];
  const problems = pinnedImageProblems(exporter.image, EXPORTER_WITH_LIMITS);
  const args = exporter.args ?? [];
  for (const flag of EXPORTER_FLAGS.filter((f) => !args.includes(f)))
    problems.push(`exporter without ${flag}`);
  const monitor = nats.ports?.find((p) => p.name === 'monitor')?.containerPort;
  if (!args.some((a) => a.endsWith(`http://127.0.0.1:${monitor}`)))
    problems.push(`exporter does not read the monitor port ${monitor} over loopback`);
  const listen = Number(args.find((a) => a.startsWith('-port='))?.slice('-port='.length));
  const port = exporter.ports?.find((p) => p.containerPort === listen);
  if (!port?.name) return [...problems, `exporter listens on ${listen}, no named port of it`];

  const scraping = objects.filter((o) => {
    const monitor = o.spec as {
      selector?: LabelSelector;
      podMetricsEndpoints?: { port?: string }[];
    };
    return (
      o.kind === 'PodMonitor' &&
      selects(monitor.selector ?? {}, podLabels) &&
      monitor.podMetricsEndpoints?.some((e) => e.port === port.name)
    );
  });
  if (scraping.length !== 1)
    problems.push(`${scraping.length} PodMonitors scrape port ${port.name}`);
  const jobLabel = (scraping[0]?.spec as { jobLabel?: string } | undefined)?.jobLabel;
  if (scraping[0] && podLabels[jobLabel ?? ''] !== NATS_JOB)
    problems.push(`its scrape job is not ${NATS_JOB} (jobLabel ${jobLabel})`);
  if (!monitoringMayScrape(objects, podLabels, port.name, listen))
    problems.push(`no NetworkPolicy lets namespace monitoring reach port ${port.name}`);
  return problems;
}

interface IngressRule {
  from?: { namespaceSelector?: LabelSelector }[];
  ports?: { port?: string | number }[];
}

function monitoringMayScrape(
  objects: K8sObject[],
  podLabels: Record<string, string>,
  portName: string,
  portNumber: number,
): boolean {
  const monitoring = { 'kubernetes.io/metadata.name': 'monitoring' };
  return objects
    .filter((o) => o.kind === 'NetworkPolicy')
    .map((o) => o.spec as { podSelector: LabelSelector; ingress?: IngressRule[] })
    .filter((policy) => selects(policy.podSelector, podLabels))
    .flatMap((policy) => policy.ingress ?? [])
    .some(
      (rule) =>
        (rule.from ?? []).some(
          (f) => f.namespaceSelector && selects(f.namespaceSelector, monitoring),
        ) && (rule.ports ?? []).some((p) => p.port === portName || p.port === portNumber),
    );
}

/**
 * Overlays whose services do not replicate streams `expected` times: NATS_STREAM_REPLICAS in the
 * ConfigMap every Deployment reads (clarion-config, with kustomize's hash suffix).
 */
export function streamReplicaProblems(objects: K8sObject[], expected: number): string[] {
  const config = objects.find(
    (o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith('clarion-config'),
  );
  const replicas = (config?.['data'] as Record<string, string> | undefined)?.[
    'NATS_STREAM_REPLICAS'
  ];
  const problems =
    replicas === String(expected) ? [] : [`NATS_STREAM_REPLICAS is ${replicas}, not ${expected}`];
  for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
    const containers = podTemplateOf(deployment).spec.containers as {
      envFrom?: { configMapRef?: { name: string } }[];
    }[];
    const reads = containers.every((c) =>
      c.envFrom?.some((source) => source.configMapRef?.name === config?.metadata.name),
    );
    if (!reads)
      problems.push(
        `Deployment/${deployment.metadata.name} does not read ${config?.metadata.name}`,
      );
  }
  return problems;
}
