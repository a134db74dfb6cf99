import { ProviderOutcome } from '../delivery/provider-outcome';
import { Http2Answer } from './http2-sessions';
import { retryAfterMs } from '../delivery/retry-after';

/** 400 reasons that mean the device token will never work for this app. */
const DEAD_TOKEN_REASONS = new Set(['BadDeviceToken', 'DeviceTokenNotForTopic', 'Unregistered']);
const PROVIDER_TOKEN_REASONS = new Set(['ExpiredProviderToken', 'InvalidProviderToken']);

/** The `reason` of an APNs error body (developer.apple.com, "Handling notification responses"). */
export function apnsReasonOf(answer: Http2Answer): string | undefined {
  try {
    const body: unknown = JSON.parse(answer.body);
    const reason = typeof body === 'object' && body !== null ? Reflect.get(body, 'reason') : null;
    return typeof reason === 'string' ? reason : undefined;
  } catch {
    return undefined;
  }
}

/** APNs refused the provider token (JWT): a fresh one may be accepted. */
export function isProviderTokenRefused(answer: Http2Answer): boolean {
  return answer.status === 403 && PROVIDER_TOKEN_REASONS.has(apnsReasonOf(answer) ?? '');
}

/** The outcome of an APNs answer to a request that carried `sentApnsId`. */
export function apnsOutcomeOf(
  answer: Http2Answer,
  deviceToken: string,
  sentApnsId: string,
): ProviderOutcome {
  if (answer.status === 200) {
    const apnsId = answer.headers['apns-id'];
    return {
      status: 'sent',
      providerMessageId: typeof apnsId === 'string' ? apnsId : sentApnsId,
      fields: { token: deviceToken },
      delivered: true,
      deliveredFields: { token: deviceToken },
    };
  }
  const reason = apnsReasonOf(answer) ?? `HTTP ${answer.status}`;
  if (answer.status === 410 || (answer.status === 400 && DEAD_TOKEN_REASONS.has(reason))) {
    return { status: 'failed', code: 'INVALID_APN_TOKEN', reason, addressGone: true };
  }
  // Also later: a provider token still called expired right after it was signed (clock skew).
  if (answer.status === 429 || answer.status >= 500 || reason === 'ExpiredProviderToken') {
    const retryAfter = answer.headers['retry-after'];
    const delayMs = retryAfterMs(typeof retryAfter === 'string' ? retryAfter : undefined);
    return {
      status: 'retry',
      reason,
      ...(delayMs !== undefined ? { retryAfterMs: delayMs } : {}),
    };
  }
  return { status: 'failed', code: 'UNKNOWN', reason };
}
