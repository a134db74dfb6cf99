import { Span, trace } from '@opentelemetry/api';

/** What a span can say about the work it traces, so an operator can find and read it. */
export interface WorkAttributes {
  trackingId?: string;
  accountId?: string;
  envId?: string;
  notificationType?: string;
  channel?: string;
  provider?: string;
  outcome?: string;
}

const ATTRIBUTE_NAMES: Record<keyof WorkAttributes, string> = {
  trackingId: 'clarion.tracking_id',
  accountId: 'clarion.account_id',
  envId: 'clarion.environment_id',
  notificationType: 'clarion.notification_type',
  channel: 'clarion.channel',
  provider: 'clarion.provider',
  outcome: 'clarion.outcome',
};

/** Names the work on a span (the active one by default); free when nothing is traced. */
export function annotateSpan(
  attributes: WorkAttributes,
  span: Span | undefined = trace.getActiveSpan(),
): void {
  if (!span?.isRecording()) return;
  for (const [key, value] of Object.entries(attributes) as [keyof WorkAttributes, unknown][]) {
    if (typeof value === 'string') span.setAttribute(ATTRIBUTE_NAMES[key], value);
  }
}
