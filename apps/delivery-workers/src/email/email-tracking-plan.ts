import { EmailDeliveryJob, signedTrackingUrl, TrackingKind } from '@clarion/contracts';
import { EmailConfig } from './email-config';
import { EmailTrackingPlan } from './email-tracking';

/**
 * The signed links of one email: unsubscribe always (it is the recipient's right, and the
 * List-Unsubscribe header uses it), the open pixel and click tracking unless the send turns them
 * off.
 */
export function emailTrackingPlan(
  job: EmailDeliveryJob,
  config: Pick<EmailConfig, 'publicUrl' | 'trackingSecret'>,
): EmailTrackingPlan {
  const linkOf = (kind: TrackingKind, url?: string) =>
    signedTrackingUrl(
      config.publicUrl,
      {
        kind,
        trackingId: job.trackingId,
        accountId: job.accountId,
        envId: job.envId,
        userId: job.recipient.id,
        notificationId: job.notificationId,
        ...(url === undefined ? {} : { url }),
      },
      config.trackingSecret,
    );
  const options = job.options?.email;
  return {
    previewText: job.content.previewText,
    unsubscribeUrl: linkOf('unsubscribe'),
    openPixelUrl: options?.openTracking === false ? undefined : linkOf('open'),
    clickUrlFor: options?.clickTracking === false ? undefined : (url) => linkOf('click', url),
  };
}
