import { FcmAndroidOptionsDto, MobilePushDeliveryJob } from '@clarion/contracts';
import { Aps, apnsOptionHeadersOf, apsOf } from './apns-notification';

/** FCM HTTP v1 AndroidConfig (fields in the proto's snake_case JSON names). */
export interface FcmAndroidConfig {
  collapse_key?: string;
  priority?: 'NORMAL' | 'HIGH';
  /** A protobuf Duration: `"<seconds>s"`. */
  ttl?: string;
  restricted_package_name?: string;
}

/** The `message` of an FCM HTTP v1 `messages:send` request. */
export interface FcmMessage {
  token: string;
  notification: { title: string; body: string };
  data?: Record<string, string>;
  android?: FcmAndroidConfig;
  apns?: { headers: Record<string, string>; payload: { aps: Aps } };
}

/** The FCM message of a mobile push job to one registration token. */
export function fcmMessageOf(job: MobilePushDeliveryJob, token: string, nowMs: number): FcmMessage {
  const { content, options } = job;
  const customData = options?.push?.customData;
  const android = androidConfigOf(options?.fcm?.android);
  const apn = options?.apn;
  return {
    token,
    notification: { title: content.title, body: content.message },
    ...(customData && Object.keys(customData).length > 0 ? { data: { ...customData } } : {}),
    ...(android ? { android } : {}),
    ...(apn
      ? {
          apns: {
            headers: apnsOptionHeadersOf(content, apn, nowMs),
            payload: { aps: apsOf(content, apn, { withAlert: false }) },
          },
        }
      : {}),
  };
}

function androidConfigOf(android: FcmAndroidOptionsDto | undefined): FcmAndroidConfig | undefined {
  if (!android) return undefined;
  const config: FcmAndroidConfig = {
    ...(android.collapseKey !== undefined ? { collapse_key: android.collapseKey } : {}),
    ...(android.priority !== undefined
      ? { priority: android.priority === 'high' ? ('HIGH' as const) : ('NORMAL' as const) }
      : {}),
    ...(android.ttl !== undefined ? { ttl: `${android.ttl}s` } : {}),
    ...(android.restrictedPackageName !== undefined
      ? { restricted_package_name: android.restrictedPackageName }
      : {}),
  };
  return Object.keys(config).length > 0 ? config : undefined;
}
