import { missingDisruptionBudgets, networkPolicyProblems } from './manifests/policy-invariants';
import {
  ensureKubectl,
  K8sObject,
  listOverlays,
  renderOverlay,
} from './manifests/rendered-objects';
import { scalingProblems } from './manifests/scaling-invariants';
import { labelled, schemaProblems } from './manifests/schema-validation';
import { selects } from './manifests/label-selector';
import { serviceDeploymentProblems, workloadProblems } from './manifests/workload-invariants';
import { isWorkload, podLabelsOf, podTemplateOf } from './manifests/workloads';

const overlays = listOverlays();
const kubectl = ensureKubectl();
const rendered = new Map(overlays.map((o) => [o, renderOverlay(kubectl, o)] as const));
const renderOf = (overlay: string) => rendered.get(overlay) ?? [];
const each = (check: (objects: K8sObject[]) => string[]) =>
  overlays.flatMap((o) => check(renderOf(o)).map((p) => `${o}: ${p}`));
const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind}/${name}`);
  return found;
};

describe('deploy/overlays', () => {
  it('renders every overlay with kubectl kustomize, the regions us, eu and ca among them', () => {
    expect(overlays).toEqual(expect.arrayContaining(['us', 'eu', 'ca', 'standalone']));
    for (const overlay of overlays) expect(renderOf(overlay).length).toBeGreaterThan(40);
  });

  it('holds only objects valid against their Kubernetes schema, unknown fields refused', () => {
    const all = overlays.flatMap((o) => labelled(o, renderOf(o)));
    expect(schemaProblems(all)).toEqual([]);
  });

  it('runs every workload non-root, read-only, without capabilities, bounded and probed', () => {
    expect(each((objects) => objects.flatMap(workloadProblems))).toEqual([]);
  });

  it('gives each service a preStop pause, a metrics port and the scrape annotations', () => {
    expect(each((objects) => objects.flatMap(serviceDeploymentProblems))).toEqual([]);
  });

  it('covers every workload with a PodDisruptionBudget and a NetworkPolicy of its own', () => {
    expect(each(missingDisruptionBudgets)).toEqual([]);
    expect(each(networkPolicyProblems)).toEqual([]);
  });

  it('scales the JetStream consumers on their lag through KEDA, under their real names', () => {
    expect(each(scalingProblems)).toEqual([]);
  });

  it('keeps a CPU HorizontalPodAutoscaler for the gateway only', () => {
    for (const overlay of overlays) {
      const hpas = renderOf(overlay).filter((o) => o.kind === 'HorizontalPodAutoscaler');
      expect(hpas.map((h) => h.metadata.name)).toEqual(['gateway']);
      expect(JSON.stringify(hpas[0]?.spec)).toContain('"name":"cpu"');
    }
  });

  it('scrapes every workload of ours through one PodMonitor whose job is the service name', () => {
    for (const overlay of overlays) {
      const objects = renderOf(overlay);
      const monitor = find(objects, 'PodMonitor', 'clarion').spec as {
        jobLabel: string;
        selector: Parameters<typeof selects>[0];
        podMetricsEndpoints: { port: string; path: string }[];
      };
      expect(monitor.jobLabel).toBe('app.kubernetes.io/name');
      expect(monitor.podMetricsEndpoints).toEqual([expect.objectContaining({ port: 'metrics' })]);
      for (const deployment of objects.filter((o) => o.kind === 'Deployment'))
        expect(selects(monitor.selector, podLabelsOf(deployment))).toBe(true);
    }
  });

  it('fails a tampered render on each check (the checks are not vacuous)', () => {
    const objects = structuredClone(renderOf('standalone'));
    const gateway = find(objects, 'Deployment', 'gateway');
    const container = podTemplateOf(gateway).spec.containers[0] as unknown as Record<
      string,
      unknown
    >;
    container['securityContex'] = { privileged: true };
    container['securityContext'] = { readOnlyRootFilesystem: false };
    podTemplateOf(gateway).spec.terminationGracePeriodSeconds = 5;
    const deadline = (container['env'] as { name: string; value?: string }[]).find(
      (e) => e.name === 'DRAIN_DEADLINE_MS',
    )!;
    deadline.value = '60000';
    const widget = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } };
    const scaled = find(objects, 'ScaledObject', 'logs');
    (scaled.spec as { triggers: { metadata: Record<string, string> }[] }).triggers[0]!.metadata[
      'consumer'
    ] = 'logs-typo';
    const withoutGatewayPolicies = objects.filter(
      (o) =>
        !(
          ['PodDisruptionBudget', 'NetworkPolicy'].includes(o.kind) && o.metadata.name === 'gateway'
        ),
    );

    const schema = schemaProblems(labelled('tampered', [...objects, widget]));
    expect(schema).toContainEqual(expect.stringMatching(/Deployment\/gateway: .*securityContex/));
    expect(schema).toContainEqual('tampered: Widget/w: no schema for example.com/v1 Widget');
    const workload = workloadProblems(gateway);
    expect(workload).toContain('Deployment/gateway: gateway: root filesystem is writable');
    expect(workload).toContain('Deployment/gateway: gateway: capabilities not all dropped');
    expect(workload).toContainEqual(expect.stringMatching(/grace 5 s is not longer than preStop/));
    expect(serviceDeploymentProblems(gateway)).toContainEqual(
      expect.stringMatching(/DRAIN_DEADLINE_MS 60000 is not the clarion.dev\/drain-seconds/),
    );
    expect(missingDisruptionBudgets(withoutGatewayPolicies)).toEqual([
      'Deployment/gateway: no PodDisruptionBudget selects its pods',
    ]);
    expect(networkPolicyProblems(withoutGatewayPolicies)).toEqual([
      'Deployment/gateway: no NetworkPolicy selects it',
    ]);
    expect(scalingProblems(objects)).toEqual([
      'ScaledObject/logs: consumer logs-typo is not in Consumers',
    ]);
    expect(objects.filter(isWorkload).length).toBeGreaterThan(8);
  });
});
