import { knownSeries } from './dashboard-problems';
import { EXTERNAL_METRICS, TARGET_LABELS } from './external-metrics';
import { promqlReferences } from './promql-references';

/** An alerting rule as Prometheus' rule files and the PrometheusRule hold it. */
export interface AlertRule {
  alert: string;
  expr: string;
  for?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
export interface RuleGroup {
  name: string;
  rules: AlertRule[];
}

const SEVERITIES = ['warning', 'critical'];

/** The labels a series of this name carries, or undefined for a metric nobody exports. */
export function labelsOfMetric(metric: string): string[] | undefined {
  const own = knownSeries(metric)?.labels ?? EXTERNAL_METRICS[metric];
  return own && [...new Set([...own, ...TARGET_LABELS])];
}

/**
 * Everything wrong with alert rules: a metric no one exports, a label it does not carry (in a
 * matcher, a grouping or an annotation's $labels), no `for:`, no severity, no summary or
 * description saying what to do.
 */
export function alertRuleProblems(groups: RuleGroup[]): string[] {
  return groups.flatMap((group) =>
    group.rules.flatMap((rule) => ruleProblems(rule).map((p) => `${rule.alert}: ${p}`)),
  );
}

function ruleProblems(rule: AlertRule): string[] {
  const problems: string[] = [];
  if (!/^\d+[smh]$/.test(rule.for ?? '')) problems.push(`for: ${rule.for} is not a duration`);
  if (!SEVERITIES.includes(rule.labels?.['severity'] ?? ''))
    problems.push(`severity ${rule.labels?.['severity']} is not ${SEVERITIES.join(' or ')}`);
  for (const annotation of ['summary', 'description'])
    if (!rule.annotations?.[annotation]?.trim()) problems.push(`no ${annotation}`);

  const references = promqlReferences(rule.expr);
  problems.push(...references.unreadable.map((text) => `cannot read the matcher ${text}`));
  const read = references.selectors.map((s) => ({ ...s, labels: labelsOfMetric(s.metric) }));
  for (const { metric, matchers, labels } of read) {
    if (!labels) problems.push(`reads ${metric || '(no metric)'}, which nothing exports`);
    for (const { label } of matchers.filter((m) => labels && !labels.includes(m.label)))
      problems.push(`${metric} has no label ${label}`);
  }
  const onEvery = (label: string) => read.every((s) => s.labels?.includes(label));
  for (const label of references.groupingLabels.filter((l) => !onEvery(l)))
    problems.push(`groups by ${label}, which not every metric it reads has`);
  const kept = references.groupingLabels;
  const templated = Object.values(rule.annotations ?? {}).flatMap((text) =>
    [...text.matchAll(/\$labels\.(\w+)/g)].map((m) => m[1]!),
  );
  for (const label of templated) {
    const available = kept.length
      ? kept.includes(label)
      : read.some((s) => s.labels?.includes(label));
    if (!available) problems.push(`an annotation shows $labels.${label}, which the result lacks`);
  }
  return problems;
}
