import { Channel } from '@clarion/contracts';
import { METRICS, MetricKey } from '@clarion/observability';
import { promqlReferences, SeriesSelector } from './promql-references';

interface DatasourceRef {
  type?: string;
  uid?: string;
}
interface Target {
  expr?: string;
  legendFormat?: string;
  datasource?: DatasourceRef;
}
interface Panel {
  id: number;
  type: string;
  title: string;
  datasource?: DatasourceRef;
  targets?: Target[];
}
interface Variable {
  name: string;
  datasource?: DatasourceRef;
  query?: { query?: string } | string;
}
export interface Dashboard {
  uid: string;
  panels: Panel[];
  templating: { list: Variable[] };
}

/** The datasources Grafana is provisioned with, by uid, with their type. */
export type ProvisionedDatasources = Record<string, string>;

/** Labels every scraped series has (or a histogram's buckets), whatever the metric. */
const COMMON_LABELS = ['job', 'instance'];
const HISTOGRAMS: MetricKey[] = ['httpRequestDuration', 'providerDuration'];
const HISTOGRAM_SERIES = ['_bucket', '_sum', '_count'];

const CHANNELS = Object.values(Channel);
const DELIVERY_OUTCOMES = ['sent', 'failed', 'retrying'];
/** The values a label can take, where they are a closed set: a typo would match nothing. */
const LABEL_VALUES: Partial<Record<MetricKey, Record<string, readonly string[]>>> = {
  deliveriesRouted: { channel: CHANNELS },
  deliveryAttempts: { channel: CHANNELS, outcome: DELIVERY_OUTCOMES },
  providerDuration: { channel: CHANNELS, outcome: DELIVERY_OUTCOMES },
  webhookAttempts: { outcome: ['delivered', 'failed', 'retrying'] },
  dbPoolConnections: { state: ['total', 'idle', 'waiting'] },
  processCpu: { state: ['user', 'system'] },
  eventLoopLag: { stat: ['p50', 'p99', 'max'] },
};

interface KnownSeries {
  key: MetricKey;
  labels: string[];
}

/** The metric of METRICS a Prometheus series name belongs to, with the labels it carries. */
export function knownSeries(name: string): KnownSeries | undefined {
  for (const key of Object.keys(METRICS) as MetricKey[]) {
    const metric = METRICS[key];
    const labels = [...metric.labels, ...COMMON_LABELS];
    if (name === metric.prometheus) return { key, labels };
    if (!HISTOGRAMS.includes(key)) continue;
    const suffix = HISTOGRAM_SERIES.find((s) => name === metric.prometheus + s);
    if (suffix) return { key, labels: suffix === '_bucket' ? [...labels, 'le'] : labels };
  }
  return undefined;
}

/** Everything wrong with a dashboard's queries and datasources; empty when it is sound. */
export function dashboardProblems(
  dashboard: Dashboard,
  datasources: ProvisionedDatasources,
): string[] {
  const problems: string[] = [];
  const checkDatasource = (where: string, ref: DatasourceRef | undefined) => {
    if (!ref?.uid || datasources[ref.uid] === undefined)
      problems.push(`${where}: datasource uid ${ref?.uid} is not provisioned`);
    else if (ref.type !== datasources[ref.uid])
      problems.push(
        `${where}: datasource ${ref.uid} is a ${datasources[ref.uid]}, not ${ref.type}`,
      );
  };

  for (const variable of dashboard.templating.list) {
    checkDatasource(`variable ${variable.name}`, variable.datasource);
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    const metric = /^label_values\(\s*([^,]+),\s*(\w+)\s*\)$/.exec(query ?? '');
    if (!metric || !knownSeries(metric[1]!)?.labels.includes(metric[2]!))
      problems.push(`variable ${variable.name}: ${query} reads no known metric and label`);
  }
  const ids = dashboard.panels.map((panel) => panel.id);
  for (const id of ids.filter((id, i) => ids.indexOf(id) !== i))
    problems.push(`panel id ${id} is used twice`);
  for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
    if (!panel.targets?.length) problems.push(`${panel.title}: no query`);
    checkDatasource(panel.title, panel.datasource);
    for (const target of panel.targets ?? []) {
      checkDatasource(panel.title, target.datasource);
      problems.push(...targetProblems(target).map((problem) => `${panel.title}: ${problem}`));
    }
  }
  return problems;
}

function targetProblems({ expr = '', legendFormat = '' }: Target): string[] {
  const problems: string[] = [];
  const references = promqlReferences(expr);
  problems.push(...references.unreadable.map((text) => `cannot read the matcher ${text}`));
  const series = references.selectors.map((selector) => ({
    selector,
    known: knownSeries(selector.metric),
  }));
  for (const { selector, known } of series) {
    if (!known) problems.push(`unknown metric ${selector.metric || '(none)'}`);
    else problems.push(...selectorProblems(selector, known));
  }
  const labelsOfAll = (label: string) => series.every(({ known }) => known?.labels.includes(label));
  for (const label of references.groupingLabels.filter((l) => !labelsOfAll(l)))
    problems.push(`groups by ${label}, a label not on every metric it reads`);
  const legendLabels = [...legendFormat.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
  const kept = references.groupingLabels;
  for (const label of legendLabels.filter((l) =>
    kept.length ? !kept.includes(l) : !labelsOfAll(l),
  ))
    problems.push(`legend shows {{${label}}}, a label the query does not keep`);
  return problems;
}

function selectorProblems(selector: SeriesSelector, known: KnownSeries): string[] {
  const problems: string[] = [];
  if (!selector.matchers.some((m) => m.label === 'job' && m.value === '$job'))
    problems.push(`${selector.metric} is not filtered by the job variable (job=~"$job")`);
  for (const { label, operator, value } of selector.matchers) {
    if (!known.labels.includes(label)) {
      problems.push(`${selector.metric} has no label ${label}`);
      continue;
    }
    const allowed = LABEL_VALUES[known.key]?.[label];
    const isRegex = operator.includes('~');
    // A value with a Grafana variable, or a regex other than a plain alternation, is not checked.
    if (!allowed || value.includes('$') || (isRegex && !/^[\w|]+$/.test(value))) continue;
    for (const one of isRegex ? value.split('|') : [value])
      if (!allowed.includes(one))
        problems.push(`${selector.metric}{${label}="${one}"} can match no series`);
  }
  return problems;
}
