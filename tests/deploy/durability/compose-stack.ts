import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'yaml';
import { pinnedImageProblems } from './image-tags';
import { EXPORTER_FLAGS, EXPORTER_WITH_LIMITS, NATS_EXPORTER, NATS_JOB } from './nats-cluster';
import { DURABLE_NATS, storeDirOf, syncAlwaysProblems } from './nats-config';

interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
}
/** docker-compose.yml, with its `<<: *env` merges applied. */
export interface Compose {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
}
/** deploy/observability/prometheus.yml, the parts these checks read. */
export interface PrometheusConfig {
  rule_files?: string[];
  scrape_configs: { job_name: string; static_configs?: { targets: string[] }[] }[];
}

export const readYaml = <T>(path: string): T =>
  parse(readFileSync(path, 'utf8'), { merge: true }) as T;

/** A bind mount `./<file>:<target>[:ro]` of a service: the file, relative to the repository. */
function bindMountOf(service: ComposeService, target: string): string | undefined {
  return service.volumes
    ?.map((v) => v.split(':'))
    .find(([source, to]) => source?.startsWith('./') && to === target)?.[0];
}

/** The configuration file compose's NATS runs with: its path in the repository, if any. */
export function composeNatsConfPath(compose: Compose): string | undefined {
  const command = compose.services['nats']?.command ?? [];
  const target = command[command.indexOf('--config') + 1];
  return target && bindMountOf(compose.services['nats']!, target);
}

/**
 * What keeps docker-compose's single node from the same durability and watch as the cluster:
 * an exact nats-server 2.10.23 or later with a configuration file that fsyncs each write to a
 * named volume, one replica per stream for every service, the exporter scraped as job nats,
 * node-exporter for the disks, and Prometheus loading the alert rules.
 */
export function composeProblems(root: string, compose: Compose, prometheus: PrometheusConfig) {
  const { services } = compose;
  const nats = services['nats'];
  if (!nats) return ['no nats service'];
  const problems = pinnedImageProblems(nats.image, DURABLE_NATS).map((p) => `nats: ${p}`);
  const confPath = composeNatsConfPath(compose);
  if (!confPath) problems.push('nats: not run with a --config file mounted from the repository');
  else {
    const conf = readFileSync(join(root, confPath), 'utf8');
    problems.push(...syncAlwaysProblems(conf).map((p) => `${confPath}: ${p}`));
    const storeDir = storeDirOf(conf);
    const volume = nats.volumes?.map((v) => v.split(':')).find(([, to]) => to === storeDir)?.[0];
    if (!volume || !(volume in (compose.volumes ?? {})))
      problems.push(`nats: store_dir ${storeDir} is not on a named volume`);
  }
  for (const [name, service] of Object.entries(services).filter(([, s]) => s.build))
    if (service.environment?.['NATS_STREAM_REPLICAS'] !== '1')
      problems.push(`${name}: NATS_STREAM_REPLICAS is not 1 (one NATS node)`);
  problems.push(...scrapeProblems(services, prometheus));
  return problems;
}

function scrapeProblems(
  services: Record<string, ComposeService>,
  prometheus: PrometheusConfig,
): string[] {
  const problems: string[] = [];
  const targetsOf = (job: string) =>
    prometheus.scrape_configs
      .filter((c) => c.job_name === job)
      .flatMap((c) => c.static_configs ?? [])
      .flatMap((c) => c.targets);
  const [exporterName, exporter] =
    Object.entries(services).find(([, s]) => s.image?.startsWith(`${NATS_EXPORTER}:`)) ?? [];
  if (!exporterName || !exporter) problems.push(`no ${NATS_EXPORTER} service`);
  else {
    problems.push(
      ...pinnedImageProblems(exporter.image, EXPORTER_WITH_LIMITS).map(
        (p) => `${exporterName}: ${p}`,
      ),
    );
    const args = exporter.command ?? [];
    for (const flag of EXPORTER_FLAGS.filter((f) => !args.includes(f)))
      problems.push(`${exporterName}: without ${flag}`);
    if (!args.at(-1)?.endsWith('http://nats:8222'))
      problems.push(`${exporterName}: does not read nats' monitoring port`);
    const port = args.find((a) => a.startsWith('-port='))?.slice('-port='.length);
    if (!targetsOf(NATS_JOB).includes(`${exporterName}:${port}`))
      problems.push(`prometheus.yml: job ${NATS_JOB} does not scrape ${exporterName}:${port}`);
  }
  if (!services['node-exporter'] || !targetsOf('node').includes('node-exporter:9100'))
    problems.push('prometheus.yml: job node does not scrape node-exporter:9100');
  const mounted = (prometheus.rule_files ?? []).filter((file) =>
    bindMountOf(services['prometheus'] ?? {}, posix.join('/etc/prometheus', file)),
  );
  if (mounted.length === 0) problems.push('prometheus: no rule file of rule_files is mounted');
  return problems;
}
