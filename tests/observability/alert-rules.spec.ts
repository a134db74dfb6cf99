import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamName } from '@clarion/contracts';
import { parse } from 'yaml';
import { AlertRule, alertRuleProblems, RuleGroup } from './alert-rule-problems';
import { promqlReferences, SeriesSelector } from './promql-references';
import { ensurePromtool, runPromtool } from './promtool';

const root = join(__dirname, '../..');
const observability = join(root, 'deploy/observability');
const RULES = join(observability, 'alerts.rules.yml');
const TESTS = join(observability, 'alerts.test.yml');
const readYaml = <T>(path: string): T => parse(readFileSync(path, 'utf8')) as T;
const groups = readYaml<{ groups: RuleGroup[] }>(RULES).groups;
const rules = groups.flatMap((g) => g.rules);
const promtool = ensurePromtool();

/** A PromQL regex matcher's value as a JavaScript RegExp: both are anchored, simple ones agree. */
const matches = (value: string, name: string) => new RegExp(`^(?:${value})$`).test(name);
/** Stream names as JetStream has them: `<CLARION_NAMESPACE>_<NAME>` when there is a namespace. */
const streamNames = (name: StreamName) => [name, `bench1_${name}`, `staging_${name}`];
const reads = (rule: AlertRule, metrics: string[]): SeriesSelector[] =>
  promqlReferences(rule.expr).selectors.filter((s) => metrics.includes(s.metric));

/** The five kinds of alert an operator needs, each told by what its expression reads. */
const KINDS: Record<string, (rule: AlertRule) => boolean> = {
  'consumer lag': (rule) =>
    reads(rule, ['jetstream_consumer_num_pending', 'jetstream_consumer_num_ack_pending']).length >
    0,
  'dead letters': (rule) =>
    reads(rule, ['jetstream_stream_last_seq']).some(({ matchers }) =>
      matchers.some(
        (m) =>
          m.label === 'stream_name' &&
          m.operator === '=~' &&
          streamNames(StreamName.DEAD_LETTER).every((name) => matches(m.value, name)) &&
          Object.values(StreamName)
            .filter((name) => name !== StreamName.DEAD_LETTER)
            .flatMap(streamNames)
            .every((name) => !matches(m.value, name)),
      ),
    ),
  'delivery failure rate': (rule) =>
    reads(rule, ['clarion_delivery_attempts_total']).some(({ matchers }) =>
      matchers.some((m) => m.label === 'outcome' && matches(m.value, 'failed')),
    ),
  'stream storage near its limit': (rule) =>
    reads(rule, ['jetstream_stream_limit_bytes', 'gnatsd_varz_jetstream_config_max_storage'])
      .length > 0,
  'slow fsync': (rule) =>
    reads(rule, [
      'node_disk_flush_requests_time_seconds_total',
      'node_disk_write_time_seconds_total',
    ]).length > 0,
};

describe('the alert rules', () => {
  it('pass promtool check rules, and prometheus.yml loads them (promtool check config)', () => {
    const rulesCheck = runPromtool(promtool, ['check', 'rules', RULES]);
    expect(rulesCheck).toEqual({ ok: true, output: expect.stringContaining('SUCCESS') });
    const configCheck = runPromtool(promtool, ['check', 'config', 'prometheus.yml'], observability);
    expect(configCheck).toEqual({
      ok: true,
      output: expect.stringContaining('1 rule files found'),
    });
  });

  it('are the groups of the PrometheusRule in deploy/base/monitoring, word for word', () => {
    const prometheusRule = readYaml<{ kind: string; spec: { groups: RuleGroup[] } }>(
      join(root, 'deploy/base/monitoring/prometheusrule.yaml'),
    );
    expect(prometheusRule.kind).toBe('PrometheusRule');
    expect(prometheusRule.spec.groups).toEqual(groups);
  });

  it('cover the five kinds: consumer lag, dead letters, delivery failures, storage limits, slow fsync', () => {
    const alertsOf = (kind: string) => rules.filter(KINDS[kind]!).map((r) => r.alert);
    expect(Object.keys(KINDS).filter((kind) => alertsOf(kind).length === 0)).toEqual([]);
  });

  it('read only metrics and labels that exist, and each has for:, a severity and what to do', () => {
    expect(alertRuleProblems(groups)).toEqual([]);
  });

  it('each fire on synthetic series in alerts.test.yml (promtool test rules)', () => {
    const tests = readYaml<{
      tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
    }>(TESTS).tests;
    const firing = new Set(
      tests.flatMap((t) => t.alert_rule_test ?? []).filter((a) => a.exp_alerts.length > 0),
    );
    const tested = [...firing].map((a) => a.alertname);
    expect(rules.map((r) => r.alert).filter((alert) => !tested.includes(alert))).toEqual([]);
    expect(runPromtool(promtool, ['test', 'rules', TESTS])).toEqual({
      ok: true,
      output: expect.stringContaining('SUCCESS'),
    });
  });

  it('fail on a moved threshold, an unknown metric or label, no for:, a loose dead-letter match (the checks are not vacuous)', () => {
    const folder = mkdtempSync(join(tmpdir(), 'clarion-alerts-'));
    try {
      cpSync(TESTS, join(folder, 'alerts.test.yml'));
      const moved = readFileSync(RULES, 'utf8').replace(
        '(jetstream_consumer_num_pending) > 1000',
        '(jetstream_consumer_num_pending) > 10000',
      );
      writeFileSync(join(folder, 'alerts.rules.yml'), moved);
      const run = runPromtool(promtool, ['test', 'rules', 'alerts.test.yml'], folder);
      expect(run.ok).toBe(false);
      expect(run.output).toContain('alertname: ClarionConsumerBacklog');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    const deadLetters = (matcher: string) =>
      KINDS['dead letters']!({ alert: 'A', expr: `jetstream_stream_last_seq{${matcher}} > 0` });
    expect(deadLetters('stream_name=~"([a-z0-9]+_)?DEAD_LETTER"')).toBe(true);
    expect(deadLetters('stream_name=~"DEAD_LETTER"')).toBe(false);
    expect(deadLetters('stream_name=~".+"')).toBe(false);

    const tampered: AlertRule = {
      alert: 'Tampered',
      expr: 'max by (stream) (jetstream_consumer_num_pendng{consumer_name="x"}) > 1',
      labels: { severity: 'page' },
      annotations: { summary: '{{ $labels.consumer_name }}' },
    };
    expect(alertRuleProblems([{ name: 'tampered', rules: [tampered] }])).toEqual([
      'Tampered: for: undefined is not a duration',
      'Tampered: severity page is not warning or critical',
      'Tampered: no description',
      'Tampered: reads jetstream_consumer_num_pendng, which nothing exports',
      'Tampered: groups by stream, which not every metric it reads has',
      'Tampered: an annotation shows $labels.consumer_name, which the result lacks',
    ]);
  });
});
