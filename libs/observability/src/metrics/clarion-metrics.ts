import { Attributes, Counter, Histogram, metrics } from '@opentelemetry/api';
import { METRICS } from './metric-names';

/** Seconds: from a fast local write to a slow provider, up to the 10 s an adapter waits. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type DeliveryOutcome = 'sent' | 'failed' | 'retrying';
export type WebhookOutcome = 'delivered' | 'failed' | 'retrying';

export interface DeliveryAttemptMetric {
  channel: string;
  provider: string;
  outcome: DeliveryOutcome;
  /** How long the provider took to answer, when one was asked. */
  seconds?: number;
}

export interface ConsumerLag {
  stream: string;
  consumer: string;
  pending: number;
  ackPending: number;
  redelivered: number;
}

interface Instruments {
  httpRequestDuration: Histogram;
  sendsAccepted: Counter;
  deliveriesRouted: Counter;
  deliveryAttempts: Counter;
  providerDuration: Histogram;
  deadLetters: Counter;
  webhookAttempts: Counter;
}

let instruments: Instruments | undefined;

/** Instruments are made on first use, once startTelemetry has set the meter provider. */
function instrumentsOf(): Instruments {
  if (instruments) return instruments;
  const meter = metrics.getMeter('@clarion/observability');
  const latency = (name: string, description: string) =>
    meter.createHistogram(name, {
      unit: 's',
      description,
      advice: { explicitBucketBoundaries: LATENCY_BUCKETS },
    });
  instruments = {
    httpRequestDuration: latency(METRICS.httpRequestDuration.name, 'HTTP requests served'),
    sendsAccepted: meter.createCounter(METRICS.sendsAccepted.name, {
      description: 'Sends accepted through the API',
    }),
    deliveriesRouted: meter.createCounter(METRICS.deliveriesRouted.name, {
      description: 'Deliveries a send was routed to, by channel',
    }),
    deliveryAttempts: meter.createCounter(METRICS.deliveryAttempts.name, {
      description: 'Delivery attempts, by channel, provider and outcome',
    }),
    providerDuration: latency(METRICS.providerDuration.name, 'Time a provider took to answer'),
    deadLetters: meter.createCounter(METRICS.deadLetters.name, {
      description: 'Messages given up on and kept as dead letters',
    }),
    webhookAttempts: meter.createCounter(METRICS.webhookAttempts.name, {
      description: 'Event webhook calls, by outcome',
    }),
  };
  return instruments;
}

export function recordHttpRequest(
  method: string,
  route: string,
  statusCode: number,
  seconds: number,
): void {
  instrumentsOf().httpRequestDuration.record(seconds, {
    'http.request.method': method,
    'http.route': route,
    'http.response.status_code': statusCode,
  });
}

export function countSendsAccepted(count = 1): void {
  instrumentsOf().sendsAccepted.add(count);
}

export function countDeliveryRouted(channel: string): void {
  instrumentsOf().deliveriesRouted.add(1, { channel });
}

export function recordDeliveryAttempt(attempt: DeliveryAttemptMetric): void {
  const attributes: Attributes = {
    channel: attempt.channel,
    provider: attempt.provider,
    outcome: attempt.outcome,
  };
  instrumentsOf().deliveryAttempts.add(1, attributes);
  if (attempt.seconds !== undefined) {
    instrumentsOf().providerDuration.record(attempt.seconds, attributes);
  }
}

export function countDeadLetter(stream: string, consumer: string): void {
  instrumentsOf().deadLetters.add(1, { stream, consumer });
}

export function countWebhookAttempt(outcome: WebhookOutcome): void {
  instrumentsOf().webhookAttempts.add(1, { outcome });
}

/** Open in-app streams of this replica, read at each collection. */
export function observeInappStreams(count: () => number): void {
  metrics
    .getMeter('@clarion/observability')
    .createObservableGauge(METRICS.inappStreams.name, { description: 'Open in-app streams' })
    .addCallback((result) => result.observe(count()));
}

/** The PostgreSQL pool's connections, read at each collection. */
export function observeDbPool(read: () => { total: number; idle: number; waiting: number }): void {
  metrics
    .getMeter('@clarion/observability')
    .createObservableGauge(METRICS.dbPoolConnections.name, {
      description: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
    })
    .addCallback((result) => {
      const pool = read();
      result.observe(pool.total, { state: 'total' });
      result.observe(pool.idle, { state: 'idle' });
      result.observe(pool.waiting, { state: 'waiting' });
    });
}

/** The backlog of the service's JetStream consumers, asked of the server at each collection. */
export function observeConsumerLag(read: () => Promise<ConsumerLag[]>): void {
  const meter = metrics.getMeter('@clarion/observability');
  const pending = meter.createObservableGauge(METRICS.consumerPending.name, {
    description: 'Messages not yet delivered to the consumer',
  });
  const ackPending = meter.createObservableGauge(METRICS.consumerAckPending.name, {
    description: 'Messages delivered and not yet settled',
  });
  const redelivered = meter.createObservableGauge(METRICS.consumerRedelivered.name, {
    description: 'Messages delivered more than once and not yet settled',
  });
  meter.addBatchObservableCallback(
    async (result) => {
      for (const lag of await read().catch(() => [])) {
        const attributes = { stream: lag.stream, consumer: lag.consumer };
        result.observe(pending, lag.pending, attributes);
        result.observe(ackPending, lag.ackPending, attributes);
        result.observe(redelivered, lag.redelivered, attributes);
      }
    },
    [pending, ackPending, redelivered],
  );
}
