import { performance } from 'node:perf_hooks';
import { SpanKind, trace } from '@opentelemetry/api';
import { Channel, CHANNEL_LOG_NAMES } from '@clarion/contracts';
import {
  annotateSpan,
  DeliveryOutcome,
  recordDeliveryAttempt,
  recordFailure,
} from '@clarion/observability';
import { ProviderOutcome, RetryOutcome } from './provider-outcome';

const tracer = trace.getTracer('@clarion/delivery-workers');
const MS_PER_SECOND = 1_000;
const METRIC_OUTCOMES: Record<ProviderOutcome['status'], DeliveryOutcome> = {
  sent: 'sent',
  failed: 'failed',
  retry: 'retrying',
};

/**
 * Calls a provider inside a `delivery.<channel> deliver` span (the adapter's own protocol span,
 * such as `smtp send`, under it) and counts the attempt by channel, provider and outcome with
 * the provider's latency. The span and the count name the channel as the delivery job does
 * (`SMS`, the contract's form), so a trace agrees with itself and with the metrics. A refusal or a failure marks the span with the provider's reason and
 * an exception event; a throw becomes a retry, as any transient failure.
 */
export function tracedProviderCall(
  channel: Channel,
  provider: string,
  call: () => Promise<ProviderOutcome>,
): Promise<ProviderOutcome> {
  return tracer.startActiveSpan(
    `delivery.${CHANNEL_LOG_NAMES[channel]} deliver`,
    { kind: SpanKind.CLIENT },
    async (span): Promise<ProviderOutcome> => {
      const started = performance.now();
      const outcome = await call().catch((error: unknown): RetryOutcome => ({
        status: 'retry',
        reason: error instanceof Error ? error.message : String(error),
      }));
      recordDeliveryAttempt({
        channel,
        provider,
        outcome: METRIC_OUTCOMES[outcome.status],
        seconds: (performance.now() - started) / MS_PER_SECOND,
      });
      annotateSpan({ channel, provider, outcome: outcome.status }, span);
      if (outcome.status !== 'sent') recordFailure(span, new Error(outcome.reason));
      span.end();
      return outcome;
    },
  );
}
