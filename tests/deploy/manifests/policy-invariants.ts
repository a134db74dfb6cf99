import { describeObject, K8sObject } from './rendered-objects';
import { isEmptySelector, LabelSelector, selects } from './label-selector';
import { isWorkload, podLabelsOf } from './workloads';

const specOf = <T>(o: K8sObject) => o.spec as T;

/** Workloads no PodDisruptionBudget covers. */
export function missingDisruptionBudgets(objects: K8sObject[]): string[] {
  const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
  return objects
    .filter(isWorkload)
    .filter(
      (w) =>
        !budgets.some((b) =>
          selects(specOf<{ selector: LabelSelector }>(b).selector, podLabelsOf(w)),
        ),
    )
    .map((w) => `${describeObject(w)}: no PodDisruptionBudget selects its pods`);
}

interface PolicySpec {
  podSelector: LabelSelector;
  policyTypes?: string[];
  ingress?: unknown[];
  egress?: unknown[];
}

/**
 * A namespace-wide default deny (every pod, ingress and egress, no rule), and for each workload a
 * policy of its own (a non-empty selector) saying what it may talk to.
 */
export function networkPolicyProblems(objects: K8sObject[]): string[] {
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy').map(specOf<PolicySpec>);
  const denyAll = policies.some(
    (p) =>
      isEmptySelector(p.podSelector) &&
      ['Ingress', 'Egress'].every((t) => p.policyTypes?.includes(t)) &&
      !p.ingress?.length &&
      !p.egress?.length,
  );
  const problems = denyAll ? [] : ['no default-deny NetworkPolicy for ingress and egress'];
  for (const workload of objects.filter(isWorkload)) {
    const own = policies.filter(
      (p) => !isEmptySelector(p.podSelector) && selects(p.podSelector, podLabelsOf(workload)),
    );
    if (own.length === 0) problems.push(`${describeObject(workload)}: no NetworkPolicy selects it`);
  }
  return problems;
}
