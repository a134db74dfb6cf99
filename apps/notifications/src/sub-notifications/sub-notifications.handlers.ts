import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  NotFoundError,
  Requests,
  SaveSubNotificationRequest,
  SubNotificationRef,
  SubNotificationResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { HandleRequest, MessagingClient } from '@clarion/messaging';
import { SubNotificationsRepository } from './sub-notifications.repository';

@Injectable()
export class SubNotificationsHandlers {
  constructor(
    private readonly subNotifications: SubNotificationsRepository,
    private readonly messaging: MessagingClient,
  ) {}

  @HandleRequest(Requests.saveSubNotification, SaveSubNotificationRequest)
  async save(request: SaveSubNotificationRequest): Promise<SubNotificationResponseDto> {
    const saved = await this.subNotifications.save(request);
    if (!saved) {
      throw new NotFoundError(
        `The notification type ${request.notificationId}`,
        'Create the type first (POST /types), or send a notification of it once.',
      );
    }
    return saved;
  }

  @HandleRequest(Requests.deleteSubNotification, SubNotificationRef)
  async delete(ref: SubNotificationRef): Promise<SuccessResponseDto> {
    if (!(await this.subNotifications.delete(ref))) {
      throw new NotFoundError(
        `The sub-notification ${ref.subNotificationId} of ${ref.notificationId}`,
        'Use a subNotificationId that GET /users/{userId}/preferences lists.',
      );
    }
    // The gateway's send plan of the type lists its sub-notifications: a later send naming
    // this one must register it again before it is answered.
    this.messaging.broadcast(Broadcasts.notificationTypeChanges, {
      envId: ref.envId,
      notificationId: ref.notificationId,
    });
    return { success: true };
  }
}
