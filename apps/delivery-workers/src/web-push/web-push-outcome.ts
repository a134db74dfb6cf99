import { OutboundUrlRefusedError } from '@clarion/outbound';
import type { ProviderOutcome } from '../delivery/provider-outcome';
import { describeError } from '../delivery/describe-error';
import { retryAfterMs } from '../delivery/retry-after';

/** records.md LogsGetResponseLogsInnerWebPushFailedCodeEnum (the misspelling is the real value). */
export const WEB_PUSH_GONE = 'UNSUBSCIRBED_OR_EXPIRED';
export const WEB_PUSH_UNKNOWN = 'UNKNOWN';

/** What a push service's answer (RFC 8030 section 5) means for the message and subscription. */
export async function webPushOutcomeOf(
  response: Response,
  endpoint: string,
): Promise<ProviderOutcome> {
  const text = await response.text().catch(() => '');
  const reason = text.trim() || `HTTP ${response.status} ${response.statusText}`.trim();
  if (response.ok) {
    return {
      status: 'sent',
      delivered: true,
      fields: { token: endpoint },
      deliveredFields: { token: endpoint },
    };
  }
  if (response.status === 404 || response.status === 410) {
    return { status: 'failed', code: WEB_PUSH_GONE, reason, addressGone: true };
  }
  if (response.status === 429 || response.status >= 500) {
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    return {
      status: 'retry',
      reason,
      ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
    };
  }
  return { status: 'failed', code: WEB_PUSH_UNKNOWN, reason };
}

/**
 * A request that never got an answer (connection refused or reset, timeout) may succeed later; an
 * endpoint the outbound policy refuses (a private address) never will.
 */
export function webPushOutcomeOfError(error: unknown): ProviderOutcome {
  if (error instanceof OutboundUrlRefusedError) {
    return { status: 'failed', code: WEB_PUSH_UNKNOWN, reason: error.message };
  }
  return { status: 'retry', reason: describeError(error) };
}
