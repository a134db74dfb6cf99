import { MobilePushDeliveryJob, PushTokenDto } from '@clarion/contracts';
import { apnsIdOf } from './apns-id';
import { apnsOptionHeadersOf, apsOf } from './apns-notification';
import { MobilePushConfig } from './push-credentials';

const APNS_PRODUCTION = 'https://api.push.apple.com';
const APNS_SANDBOX = 'https://api.sandbox.push.apple.com';

/** One APNs `POST /3/device/<token>`, without its authorization header. */
export interface ApnsRequest {
  headers: Record<string, string>;
  body: string;
  apnsId: string;
}

/** The configured APNs host, or Apple's host of the token's environment (none means sandbox). */
export function apnsOriginOf(config: MobilePushConfig, token: PushTokenDto): string {
  if (config.apnsHost) return config.apnsHost;
  return token.environment === 'production' ? APNS_PRODUCTION : APNS_SANDBOX;
}

export function apnsRequestOf(
  job: MobilePushDeliveryJob,
  deviceToken: string,
  bundleId: string,
  idempotencyKey: string,
  nowMs: number,
): ApnsRequest {
  const apn = job.options?.apn;
  const apnsId = apnsIdOf(idempotencyKey);
  const payload = {
    // Custom keys first, so a custom key named `aps` cannot replace the notification.
    ...job.options?.push?.customData,
    aps: apsOf(job.content, apn, { withAlert: true }),
  };
  return {
    headers: {
      ':method': 'POST',
      ':path': `/3/device/${encodeURIComponent(deviceToken)}`,
      'apns-topic': bundleId,
      'apns-id': apnsId,
      ...apnsOptionHeadersOf(job.content, apn, nowMs),
      'content-type': 'application/json',
    },
    body: JSON.stringify(payload),
    apnsId,
  };
}
