/**
 * Series the alert rules read that other programs export, with their own labels: the NATS
 * exporter as deploy/ runs it (prometheus-nats-exporter 0.17.3: -varz, -jsz=all, -healthz; names
 * and labels from its collectors), node_exporter's block devices, kube-state-metrics'
 * StatefulSets and Prometheus' `up`. Clarion's own are METRICS of libs/observability.
 */
const JSZ_SERVER = [
  'server_id',
  'server_name',
  'cluster',
  'domain',
  'meta_leader',
  'is_meta_leader',
];
const JSZ_STREAM = [
  ...JSZ_SERVER,
  ...['account', 'account_id', 'stream_name', 'stream_leader', 'is_stream_leader'],
  'stream_raft_group',
];
const JSZ_CONSUMER = [
  ...JSZ_STREAM,
  ...['consumer_name', 'consumer_leader', 'is_consumer_leader', 'consumer_desc'],
];

export const EXTERNAL_METRICS: Readonly<Record<string, readonly string[]>> = {
  jetstream_consumer_num_pending: JSZ_CONSUMER,
  jetstream_consumer_num_ack_pending: JSZ_CONSUMER,
  jetstream_consumer_delivered_stream_seq: JSZ_CONSUMER,
  jetstream_stream_last_seq: JSZ_STREAM,
  jetstream_stream_total_bytes: JSZ_STREAM,
  jetstream_stream_limit_bytes: JSZ_STREAM,
  // /varz flattened: jetstream.stats.storage, jetstream.config.max_storage.
  gnatsd_varz_jetstream_stats_storage: ['server_id'],
  gnatsd_varz_jetstream_config_max_storage: ['server_id'],
  gnatsd_healthz_status_value: ['server_id', 'value'],
  node_disk_write_time_seconds_total: ['device'],
  node_disk_writes_completed_total: ['device'],
  node_disk_flush_requests_time_seconds_total: ['device'],
  node_disk_flush_requests_total: ['device'],
  kube_statefulset_replicas: ['statefulset'],
  kube_statefulset_status_replicas_ready: ['statefulset'],
  up: [],
};

/**
 * Labels Prometheus gives a series from its target: job and instance everywhere; the namespace,
 * pod, container, endpoint and service of a PodMonitor's or ServiceMonitor's target.
 */
export const TARGET_LABELS = [
  'job',
  'instance',
  'namespace',
  'pod',
  'container',
  'endpoint',
  'service',
];
