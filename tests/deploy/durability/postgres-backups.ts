import { K8sObject } from '../manifests/rendered-objects';

/** The Secret holding the object store's credentials: referenced by the manifests, never in them. */
export const BACKUP_SECRET = 'postgres-backup-credentials';

interface SecretKeyRef {
  name?: string;
  key?: string;
}
interface ObjectStore {
  destinationPath?: string;
  serverName?: string;
  s3Credentials?: Record<string, SecretKeyRef | boolean>;
}
interface ClusterSpec {
  postgresql?: { synchronous?: { method?: string; number?: number; dataDurability?: string } };
  backup?: { retentionPolicy?: string; barmanObjectStore?: ObjectStore };
  bootstrap?: {
    recovery?: { source?: string; recoveryTarget?: { targetTime?: string } };
  };
  externalClusters?: { name: string; barmanObjectStore?: ObjectStore }[];
}
interface ScheduledBackupSpec {
  schedule?: string;
  cluster?: { name?: string };
  method?: string;
  immediate?: boolean;
}

const clusterSpecOf = (cluster: K8sObject) => cluster.spec as ClusterSpec;

/**
 * What keeps CloudNativePG's Cluster `postgres` (components/postgres) from being restorable to
 * any moment of its retention: WAL archived to an object store whose credentials come from a
 * Secret that is not in the manifests, a retention policy, and a scheduled base backup.
 */
export function postgresBackupProblems(objects: K8sObject[]): string[] {
  const cluster = objects.find((o) => o.kind === 'Cluster' && o.metadata.name === 'postgres');
  if (!cluster) return ['no Cluster/postgres'];
  const backup = clusterSpecOf(cluster).backup;
  const problems = objectStoreProblems(backup?.barmanObjectStore).map(
    (p) => `Cluster/postgres: ${p}`,
  );
  if (!/^\d+[dwm]$/.test(backup?.retentionPolicy ?? ''))
    problems.push(`Cluster/postgres: retention policy ${backup?.retentionPolicy} is not <n>d|w|m`);
  const scheduled = objects
    .filter((o) => o.kind === 'ScheduledBackup')
    .map((o) => o.spec as ScheduledBackupSpec)
    .filter((s) => s.cluster?.name === 'postgres');
  const daily = scheduled.find(
    (s) =>
      (s.method ?? 'barmanObjectStore') === 'barmanObjectStore' &&
      s.schedule?.trim().split(/\s+/).length === 6 &&
      s.immediate === true,
  );
  if (!daily)
    problems.push(
      'no ScheduledBackup of postgres to its object store (six-field schedule, immediate)',
    );
  const synchronous = clusterSpecOf(cluster).postgresql?.synchronous;
  if (!synchronous || (synchronous.number ?? 0) < 1 || synchronous.dataDurability !== 'required')
    problems.push(
      'Cluster/postgres: commits are not acknowledged by a standby too (postgresql.synchronous, number >= 1, dataDurability: required)',
    );
  if (objects.some((o) => o.kind === 'Secret' && o.metadata.name === BACKUP_SECRET))
    problems.push(`Secret/${BACKUP_SECRET} is in the manifests: credentials are never committed`);
  return problems;
}

function objectStoreProblems(store: ObjectStore | undefined): string[] {
  if (!store) return ['no backup.barmanObjectStore'];
  const problems = /^s3:\/\/[^/]+\/./.test(store.destinationPath ?? '')
    ? []
    : [`destinationPath ${store.destinationPath} is not s3://<bucket>/<path>`];
  const refs = Object.entries(store.s3Credentials ?? {});
  if (refs.length === 0) problems.push('no s3Credentials');
  for (const [field, ref] of refs)
    if (typeof ref !== 'object' || ref.name !== BACKUP_SECRET || !ref.key)
      problems.push(`s3Credentials.${field} is not a key of Secret ${BACKUP_SECRET}`);
  return problems;
}

/**
 * What keeps a recovery Cluster (components/postgres/recovery.example.yaml) from restoring
 * `source` to a point in time: it must read the archive `source` writes (same path, the source's
 * name as serverName) up to a targetTime, and archive itself somewhere else.
 */
export function recoveryProblems(recovery: K8sObject, source: K8sObject): string[] {
  const spec = clusterSpecOf(recovery);
  const sourceStore = clusterSpecOf(source).backup?.barmanObjectStore;
  const bootstrap = spec.bootstrap?.recovery;
  const archive = spec.externalClusters?.find((c) => c.name === bootstrap?.source);
  const problems: string[] = [];
  if (!archive)
    problems.push(`bootstrap.recovery.source ${bootstrap?.source} is no externalCluster`);
  else {
    problems.push(...objectStoreProblems(archive.barmanObjectStore));
    if (archive.barmanObjectStore?.destinationPath !== sourceStore?.destinationPath)
      problems.push(
        `reads ${archive.barmanObjectStore?.destinationPath}, not the archive of ${source.metadata.name}`,
      );
    if (archive.barmanObjectStore?.serverName !== source.metadata.name)
      problems.push(
        `serverName ${archive.barmanObjectStore?.serverName} is not ${source.metadata.name}`,
      );
  }
  const target = bootstrap?.recoveryTarget?.targetTime;
  if (!target || Number.isNaN(Date.parse(target)))
    problems.push(`recoveryTarget.targetTime ${target} is not a moment`);
  const ownPath = spec.backup?.barmanObjectStore?.destinationPath;
  if (!ownPath || ownPath === sourceStore?.destinationPath)
    problems.push('it does not archive to a path of its own');
  return problems.map((p) => `Cluster/${recovery.metadata.name}: ${p}`);
}
