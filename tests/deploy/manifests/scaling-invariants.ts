import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Consumers, StreamName } from '@clarion/contracts';
import { describeObject, K8sObject, ROOT } from './rendered-objects';

interface Trigger {
  type: string;
  metadata: Record<string, string>;
}
interface ScaledObjectSpec {
  scaleTargetRef: { name: string; kind?: string };
  triggers: Trigger[];
}

const sources = new Map<string, string>();

/** The production sources of an app, joined: what the app consumes is named there. */
function appSource(app: string): string {
  const cached = sources.get(app);
  if (cached !== undefined) return cached;
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === 'test-peers'
          ? []
          : walk(join(dir, e.name))
        : /(?<!\.spec|\.int-spec|\.e2e-spec)\.ts$/.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );
  const source = walk(join(ROOT, 'apps', app, 'src'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  sources.set(app, source);
  return source;
}

const STREAMS = new Set<string>(Object.values(StreamName));
const CONSUMER_KEYS = new Map<string, string>(
  Object.entries(Consumers).map(([key, durable]) => [durable, key]),
);

function triggerProblems(trigger: Trigger, app: string, source: string, namespace?: string) {
  const {
    stream = '',
    consumer = '',
    account,
    natsServerMonitoringEndpoint = '',
  } = trigger.metadata;
  const problems: string[] = [];
  if (!STREAMS.has(stream)) problems.push(`stream ${stream} is not a StreamName`);
  const key = CONSUMER_KEYS.get(consumer);
  if (!key) problems.push(`consumer ${consumer} is not in Consumers`);
  else if (!source.includes(`Consumers.${key}`))
    problems.push(`${app} does not consume ${consumer}`);
  if (account !== '$G') problems.push(`account ${account} is not $G`);
  if (!Number(trigger.metadata['lagThreshold'])) problems.push(`${consumer}: no lagThreshold`);
  if (namespace && !natsServerMonitoringEndpoint.includes(`.${namespace}.svc`))
    problems.push(`${natsServerMonitoringEndpoint} is not in namespace ${namespace}`);
  return problems;
}

/**
 * KEDA ScaledObjects: each scales a Deployment of this render that no HPA of ours also scales,
 * on JetStream consumers that exist (StreamName and Consumers in libs/contracts) and that the
 * target service consumes; and every service that consumes JetStream jobs has one.
 */
export function scalingProblems(objects: K8sObject[]): string[] {
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  const scaled = objects.filter((o) => o.kind === 'ScaledObject');
  const hpaTargets = objects
    .filter((o) => o.kind === 'HorizontalPodAutoscaler')
    .map((o) => (o.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name);
  const problems: string[] = [];
  for (const object of scaled) {
    const spec = object.spec as unknown as ScaledObjectSpec;
    const target = spec.scaleTargetRef.name;
    const say = (p: string) => problems.push(`${describeObject(object)}: ${p}`);
    if (!deployments.some((d) => d.metadata.name === target)) say(`no Deployment ${target}`);
    if (hpaTargets.includes(target)) say(`an HPA of ours scales ${target} too`);
    const source = appSource(target);
    for (const trigger of spec.triggers.filter((t) => t.type === 'nats-jetstream'))
      triggerProblems(trigger, target, source, object.metadata.namespace).forEach(say);
  }
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const consumes = appSource(name).includes('@ConsumeJobs(');
    const target = (o: K8sObject) => (o.spec as unknown as ScaledObjectSpec).scaleTargetRef.name;
    if (consumes && !scaled.some((s) => target(s) === name))
      problems.push(
        `${describeObject(deployment)}: consumes JetStream jobs but has no ScaledObject`,
      );
  }
  return problems;
}
