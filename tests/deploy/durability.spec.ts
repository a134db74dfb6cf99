import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import {
  Compose,
  composeNatsConfPath,
  composeProblems,
  PrometheusConfig,
  readYaml,
} from './durability/compose-stack';
import { natsClusterProblems, natsConfOf, streamReplicaProblems } from './durability/nats-cluster';
import { natsServerBinary, natsServerRefusal } from './durability/nats-config';
import { postgresBackupProblems, recoveryProblems } from './durability/postgres-backups';
import {
  ensureKubectl,
  K8sObject,
  listOverlays,
  renderOverlay,
  ROOT,
} from './manifests/rendered-objects';
import { labelled, schemaProblems } from './manifests/schema-validation';

// What an operator needs to lose no acknowledged send (issue 38): NATS fsyncing each write on
// three nodes, PostgreSQL restorable to a point in time, in the manifests and in compose.
const kubectl = ensureKubectl();
const natsServer = natsServerBinary();
const overlays = listOverlays();
const rendered = new Map(overlays.map((o) => [o, renderOverlay(kubectl, o)] as const));
const standalone = rendered.get('standalone') ?? [];
const compose = readYaml<Compose>(join(ROOT, 'docker-compose.yml'));
const prometheus = readYaml<PrometheusConfig>(join(ROOT, 'deploy/observability/prometheus.yml'));
const RECOVERY_EXAMPLE = 'deploy/components/postgres/recovery.example.yaml';
const recovery = parse(readFileSync(join(ROOT, RECOVERY_EXAMPLE), 'utf8')) as K8sObject;
const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name)!;

describe('durability in deploy/ and docker-compose.yml', () => {
  it('runs 3 NATS nodes of an exact 2.10.23 or later, fsyncing each write to retained volumes, with a scraped exporter', () => {
    expect(natsClusterProblems(standalone)).toEqual([]);
  });

  it('has nats-server accept both NATS configurations as they are', () => {
    const clusterConf = natsConfOf(standalone) ?? '';
    expect(natsServerRefusal(natsServer, clusterConf, { POD_NAME: 'nats-0' })).toEqual([]);
    const composeConf = readFileSync(join(ROOT, composeNatsConfPath(compose) ?? ''), 'utf8');
    expect(natsServerRefusal(natsServer, composeConf, {})).toEqual([]);
  });

  it('replicates every stream 3 times in each overlay, once in compose, where the exporter and node-exporter are scraped', () => {
    for (const overlay of overlays)
      expect(streamReplicaProblems(rendered.get(overlay) ?? [], 3)).toEqual([]);
    expect(composeProblems(ROOT, compose, prometheus)).toEqual([]);
  });

  it('archives PostgreSQL to object storage with a daily base backup, credentials only referenced, commits on a standby too', () => {
    expect(postgresBackupProblems(standalone)).toEqual([]);
  });

  it('describes a valid point-in-time recovery from the archive the cluster writes', () => {
    expect(schemaProblems(labelled(RECOVERY_EXAMPLE, [recovery]))).toEqual([]);
    expect(recoveryProblems(recovery, named(standalone, 'Cluster', 'postgres'))).toEqual([]);
  });

  it('fails a floating or old NATS, a missing fsync, R1 streams, a committed credential (the checks are not vacuous)', () => {
    const objects = structuredClone(standalone);
    const natsSpec = named(objects, 'StatefulSet', 'nats').spec as {
      template: { spec: { containers: { name: string; image: string }[] } };
    };
    natsSpec.template.spec.containers[0]!.image = 'nats:2.10-alpine';
    const config = named(objects, 'ConfigMap', 'nats-config')['data'] as Record<string, string>;
    config['nats.conf'] = config['nats.conf']!.replace('sync_interval: always', '');
    const clarionConfig = objects.find((o) => o.metadata.name.startsWith('clarion-config'))!;
    (clarionConfig['data'] as Record<string, string>)['NATS_STREAM_REPLICAS'] = '1';
    const backup = (named(objects, 'Cluster', 'postgres').spec as Record<string, unknown>)[
      'backup'
    ] as { barmanObjectStore: { s3Credentials: Record<string, unknown> } };
    backup.barmanObjectStore.s3Credentials['accessKeyId'] = 'AKIAEXAMPLE';
    delete (named(objects, 'Cluster', 'postgres').spec as { postgresql: Record<string, unknown> })
      .postgresql['synchronous'];
    const secret = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'postgres-backup-credentials' },
    };
    objects.push(secret);

    expect(natsClusterProblems(objects)).toEqual([
      'StatefulSet/nats: nats:2.10-alpine is not an exact X.Y.Z tag',
      'StatefulSet/nats: jetstream has no sync_interval: always',
    ]);
    natsSpec.template.spec.containers[0]!.image = 'nats:2.10.22-alpine';
    expect(natsClusterProblems(objects)[0]).toBe(
      'StatefulSet/nats: nats:2.10.22-alpine is older than 2.10.23',
    );
    expect(natsServerRefusal(natsServer, 'jetstream { sync_interval: alwayz }', {})).toEqual([
      expect.stringContaining('error parsing sync_interval'),
    ]);
    expect(streamReplicaProblems(objects, 3)).toEqual(['NATS_STREAM_REPLICAS is 1, not 3']);
    expect(postgresBackupProblems(objects)).toEqual([
      'Cluster/postgres: s3Credentials.accessKeyId is not a key of Secret postgres-backup-credentials',
      'Cluster/postgres: commits are not acknowledged by a standby too (postgresql.synchronous, number >= 1, dataDurability: required)',
      'Secret/postgres-backup-credentials is in the manifests: credentials are never committed',
    ]);
  });
});
