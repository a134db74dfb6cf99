import { createHash } from 'node:crypto';
import { CHANNEL_LOG_NAMES, DeliveryEvent, deliveryEventOf, EndUserRef } from '@clarion/contracts';
import { v7 as uuidv7 } from 'uuid';
import { PendingUnsubscribe } from './preferences.repository';

/**
 * The `delivery.<channel>.unsubscribe` event of a preference an end user turned off. A change is
 * not a send, so it gets a trackingId of its own: a UUIDv7 of the time it turned off (so its log
 * record sorts among the sends of that moment and ages out with them) whose other bits come from
 * the change itself, so reporting it again (a client's retry) publishes the same id, once.
 */
export function unsubscribeEventOf(user: EndUserRef, pending: PendingUnsubscribe): DeliveryEvent {
  const turnedOffAt = Math.floor(Number(pending.pendingSinceMicros) / 1000);
  const identity = createHash('sha256')
    .update(
      [
        user.envId,
        user.userId,
        pending.notificationId,
        pending.subNotificationId,
        pending.channel,
        pending.pendingSinceMicros,
      ].join('\u0000'),
    )
    .digest();
  const trackingId = uuidv7({ msecs: turnedOffAt, random: identity.subarray(0, 16) });
  return deliveryEventOf(
    { trackingId, accountId: user.accountId, envId: user.envId },
    {
      channel: CHANNEL_LOG_NAMES[pending.channel],
      status: 'unsubscribe',
      at: new Date(turnedOffAt).toISOString(),
      userId: user.userId,
      notificationId: pending.notificationId,
    },
  );
}
