import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@clarion/contracts';
import { parse } from 'yaml';
import { Dashboard, dashboardProblems, ProvisionedDatasources } from './dashboard-problems';

const root = join(__dirname, '../..');
const observability = join(root, 'deploy/observability');
const readYaml = <T>(path: string): T => parse(readFileSync(path, 'utf8'), { merge: true }) as T;
const readDashboard = (): Dashboard =>
  JSON.parse(readFileSync(join(observability, 'grafana/dashboards/clarion.json'), 'utf8'));

const provisioned: ProvisionedDatasources = Object.fromEntries(
  readYaml<{ datasources: { uid: string; type: string }[] }>(
    join(observability, 'grafana/provisioning/datasources/datasources.yml'),
  ).datasources.map(({ uid, type }) => [uid, type]),
);

/** The dashboard with one query changed, to prove the checks catch it. */
function withFirstQuery(change: (expr: string) => string): Dashboard {
  const dashboard = readDashboard();
  const target = dashboard.panels.find((panel) => panel.targets?.length)!.targets![0]!;
  target.expr = change(target.expr!);
  return dashboard;
}

describe('the Grafana dashboard', () => {
  it('queries only metrics and labels of METRICS, from provisioned datasources', () => {
    expect(dashboardProblems(readDashboard(), provisioned)).toEqual([]);
  });

  it('has the uid, the service variable and the rows the docs point to', () => {
    const dashboard = readDashboard();
    expect(dashboard.uid).toBe('clarion');
    expect(dashboard.templating.list.map((variable) => variable.name)).toEqual(['job']);
    expect(dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title)).toEqual([
      'Send funnel',
      'Per-channel delivery and errors',
      'Consumer lag',
      'Latency',
      'Runtime',
    ]);
  });

  it('reports a misspelled metric', () => {
    const tampered = withFirstQuery((expr) => expr.replace('clarion_sends_', 'clarion_send_'));
    expect(dashboardProblems(tampered, provisioned)).toEqual([
      expect.stringContaining('unknown metric clarion_send_accepted_total'),
    ]);
  });

  it('reports a label the metric does not have, in a selector or a grouping', () => {
    const tampered = withFirstQuery(
      () => 'sum by (region) (clarion_sends_accepted_total{job=~"$job", channel="SMS"})',
    );
    expect(dashboardProblems(tampered, provisioned)).toEqual([
      expect.stringContaining('clarion_sends_accepted_total has no label channel'),
      expect.stringContaining('groups by region'),
    ]);
  });

  it('reports a label value that can match nothing and a query not filtered by the service', () => {
    const tampered = withFirstQuery(
      () => 'sum(rate(clarion_delivery_attempts_total{outcome=~"sent|sucess"}[5m]))',
    );
    expect(dashboardProblems(tampered, provisioned)).toEqual([
      expect.stringContaining('not filtered by the job variable'),
      expect.stringContaining('{outcome="sucess"} can match no series'),
    ]);
  });

  it('reports a datasource Grafana is not provisioned with', () => {
    const dashboard = readDashboard();
    dashboard.panels[1]!.datasource = { type: 'prometheus', uid: 'prom' };
    expect(dashboardProblems(dashboard, provisioned)).toEqual([
      expect.stringContaining('datasource uid prom is not provisioned'),
    ]);
  });
});

describe('the compose observability stack', () => {
  interface ComposeService {
    environment?: Record<string, string>;
    volumes?: string[];
  }
  const compose = readYaml<{ services: Record<string, ComposeService> }>(
    join(root, 'docker-compose.yml'),
  );

  it('scrapes GET /metrics on the health port of each of the eight services', () => {
    const prometheus = readYaml<{
      scrape_configs: {
        job_name: string;
        metrics_path?: string;
        static_configs: { targets: string[] }[];
      }[];
    }>(join(observability, 'prometheus.yml'));
    for (const service of SERVICE_NAMES) {
      const job = prometheus.scrape_configs.find((config) => config.job_name === service);
      expect(job?.metrics_path ?? '/metrics').toBe('/metrics');
      expect(job?.static_configs.flatMap((config) => config.targets)).toEqual([
        `${service}:${compose.services[service]?.environment?.['HEALTH_PORT']}`,
      ]);
    }
  });

  it('mounts that configuration, the datasources and the dashboard', () => {
    expect(compose.services['prometheus']?.volumes).toContain(
      './deploy/observability/prometheus.yml:/etc/prometheus/prometheus.yml:ro',
    );
    expect(compose.services['grafana']?.volumes).toEqual(
      expect.arrayContaining([
        './deploy/observability/grafana/provisioning:/etc/grafana/provisioning:ro',
        './deploy/observability/grafana/dashboards:/etc/grafana/dashboards:ro',
      ]),
    );
  });
});
