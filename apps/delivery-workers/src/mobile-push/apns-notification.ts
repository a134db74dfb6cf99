import { ApnOptionsDto, SendMobilePushContentDto } from '@clarion/contracts';

/** apns-push-type: a visible alert, or a silent background update (content-available). */
export type ApnsPushType = 'alert' | 'background';

/** The `aps` dictionary of an APNs payload. */
export interface Aps {
  alert?: { title: string; body: string };
  badge?: number;
  sound?: string;
  'thread-id'?: string;
  'content-available'?: 1;
}

/** Background only when asked for content-available and there is nothing to show. */
export function apnsPushTypeOf(
  content: SendMobilePushContentDto,
  apn: ApnOptionsDto | undefined,
): ApnsPushType {
  const hasAlert = content.title !== '' || content.message !== '';
  return apn?.contentAvailable === true && !hasAlert ? 'background' : 'alert';
}

/**
 * The aps dictionary of a send. `withAlert` is false where the alert travels elsewhere (FCM puts
 * its `notification` there itself).
 */
export function apsOf(
  content: SendMobilePushContentDto,
  apn: ApnOptionsDto | undefined,
  { withAlert }: { withAlert: boolean },
): Aps {
  const pushType = apnsPushTypeOf(content, apn);
  return {
    ...(withAlert && pushType === 'alert'
      ? { alert: { title: content.title, body: content.message } }
      : {}),
    ...(apn?.badge !== undefined ? { badge: apn.badge } : {}),
    ...(apn?.sound !== undefined ? { sound: apn.sound } : {}),
    ...(apn?.threadId !== undefined ? { 'thread-id': apn.threadId } : {}),
    ...(apn?.contentAvailable === true ? { 'content-available': 1 as const } : {}),
  };
}

/**
 * The APNs request headers the send decides: push type, priority (APNs refuses 10 for a
 * background push), expiration (seconds from now, as an epoch time) and collapse id.
 */
export function apnsOptionHeadersOf(
  content: SendMobilePushContentDto,
  apn: ApnOptionsDto | undefined,
  nowMs: number,
): Record<string, string> {
  const pushType = apnsPushTypeOf(content, apn);
  const priority = pushType === 'background' ? 5 : (apn?.priority ?? 10);
  return {
    'apns-push-type': pushType,
    'apns-priority': String(priority),
    ...(apn?.expiry !== undefined
      ? { 'apns-expiration': String(Math.floor(nowMs / 1000) + apn.expiry) }
      : {}),
    ...(apn?.collapseId !== undefined ? { 'apns-collapse-id': apn.collapseId } : {}),
  };
}
