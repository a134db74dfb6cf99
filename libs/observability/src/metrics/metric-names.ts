/**
 * Every metric Clarion's services record, by its OpenTelemetry instrument name, with the name it
 * has in Prometheus text at /metrics (dots become underscores, a unit of seconds or bytes becomes
 * a `_seconds` or `_bytes` suffix, counters gain `_total`). The Grafana dashboard in
 * deploy/observability is checked against this list.
 */
export const METRICS = {
  httpRequestDuration: {
    name: 'http.server.request.duration',
    prometheus: 'http_server_request_duration_seconds',
    labels: ['http_request_method', 'http_route', 'http_response_status_code'],
  },
  sendsAccepted: {
    name: 'clarion.sends.accepted',
    prometheus: 'clarion_sends_accepted_total',
    labels: [],
  },
  deliveriesRouted: {
    name: 'clarion.deliveries.routed',
    prometheus: 'clarion_deliveries_routed_total',
    labels: ['channel'],
  },
  deliveryAttempts: {
    name: 'clarion.delivery.attempts',
    prometheus: 'clarion_delivery_attempts_total',
    labels: ['channel', 'provider', 'outcome'],
  },
  providerDuration: {
    name: 'clarion.delivery.provider.duration',
    prometheus: 'clarion_delivery_provider_duration_seconds',
    labels: ['channel', 'provider', 'outcome'],
  },
  consumerPending: {
    name: 'clarion.jetstream.consumer.pending',
    prometheus: 'clarion_jetstream_consumer_pending',
    labels: ['stream', 'consumer'],
  },
  consumerAckPending: {
    name: 'clarion.jetstream.consumer.ack_pending',
    prometheus: 'clarion_jetstream_consumer_ack_pending',
    labels: ['stream', 'consumer'],
  },
  consumerRedelivered: {
    name: 'clarion.jetstream.consumer.redelivered',
    prometheus: 'clarion_jetstream_consumer_redelivered',
    labels: ['stream', 'consumer'],
  },
  deadLetters: {
    name: 'clarion.dead_letters',
    prometheus: 'clarion_dead_letters_total',
    labels: ['stream', 'consumer'],
  },
  webhookAttempts: {
    name: 'clarion.webhook.attempts',
    prometheus: 'clarion_webhook_attempts_total',
    labels: ['outcome'],
  },
  inappStreams: {
    name: 'clarion.inapp.streams',
    prometheus: 'clarion_inapp_streams',
    labels: [],
  },
  dbPoolConnections: {
    name: 'clarion.db.pool.connections',
    prometheus: 'clarion_db_pool_connections',
    labels: ['state'],
  },
  processCpu: {
    name: 'process.cpu.seconds',
    prometheus: 'process_cpu_seconds_total',
    labels: ['state'],
  },
  processMemory: {
    name: 'process.resident_memory.bytes',
    prometheus: 'process_resident_memory_bytes',
    labels: [],
  },
  heapUsed: {
    name: 'nodejs.heap_used.bytes',
    prometheus: 'nodejs_heap_used_bytes',
    labels: [],
  },
  eventLoopLag: {
    name: 'nodejs.eventloop.lag.seconds',
    prometheus: 'nodejs_eventloop_lag_seconds',
    labels: ['stat'],
  },
} as const;

export type MetricKey = keyof typeof METRICS;
