import type { WebPushDeliveryJob, WebPushTokenDto } from '@clarion/contracts';
import type { GuardedFetch } from '@clarion/outbound';
import { generateRequestDetails, type RequestDetails } from 'web-push';
import type { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import type { VapidKeys } from './vapid-keys';
import { webPushPayloadOf, webPushTopicOf } from './web-push-message';
import { describeError } from '../delivery/describe-error';
import { WEB_PUSH_UNKNOWN, webPushOutcomeOf, webPushOutcomeOfError } from './web-push-outcome';

/** How long the push service keeps a message for an offline browser (FCM's default too). */
const TIME_TO_LIVE_SECONDS = 28 * 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 15_000;

/** Sends one web push message to one browser subscription (RFC 8030, 8291, 8292). */
export class WebPushAdapter {
  constructor(
    private readonly fetch: GuardedFetch,
    /** The VAPID `sub` claim: a `mailto:` or `https:` contact for the push service's operator. */
    private readonly subject: string,
  ) {}

  async send(
    job: WebPushDeliveryJob,
    subscription: WebPushTokenDto,
    keys: VapidKeys,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    let request: RequestDetails;
    try {
      request = generateRequestDetails(subscription.sub, webPushPayloadOf(job), {
        vapidDetails: { subject: this.subject, ...keys },
        TTL: TIME_TO_LIVE_SECONDS,
        topic: webPushTopicOf(ctx.idempotencyKey),
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
      });
    } catch (error) {
      // Unusable subscription keys or VAPID details: no attempt would ever succeed.
      return { status: 'failed', code: WEB_PUSH_UNKNOWN, reason: describeError(error) };
    }

    let response: Response;
    try {
      response = await this.fetch(request.endpoint, {
        method: request.method,
        headers: headersOf(request),
        body: request.body === null ? null : new Uint8Array(request.body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      return webPushOutcomeOfError(error);
    }
    return webPushOutcomeOf(response, subscription.sub.endpoint);
  }
}

/** web-push's headers hold numbers too; fetch computes Content-Length from the body itself. */
function headersOf(request: RequestDetails): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}
