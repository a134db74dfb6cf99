import { Injectable } from '@nestjs/common';
import { DomainError, EnsureSendPlanRequest, ErrorCode, SendPlanDto } from '@clarion/contracts';
import { SubNotificationsRepository } from '../sub-notifications/sub-notifications.repository';
import { keyOf, NotificationTypeCache, ResolvedType } from './notification-type.cache';

/**
 * What the gateway needs of a type to answer a send, asked once per type and environment: the
 * type is created (or its sub-notification registered) here, as the send pipeline would, so
 * that everything a send implies for the customer's configuration exists once it is answered.
 */
@Injectable()
export class SendPlans {
  constructor(
    private readonly types: NotificationTypeCache,
    private readonly subNotifications: SubNotificationsRepository,
  ) {}

  async ensure(request: EnsureSendPlanRequest): Promise<SendPlanDto> {
    const { accountId, envId, notificationId, subNotificationId } = request;
    const ensured = await this.types.ensure([
      { accountId, envId, notificationId, channels: request.channels },
    ]);
    const resolved = ensured.get(keyOf(request));
    // Only a delete between the insert and the read that follows it leaves nothing here: the
    // send is refused as "not now" (503), and its retry creates the type again.
    if (!resolved) {
      throw new DomainError(
        ErrorCode.SERVICE_UNAVAILABLE,
        `The notification type ${notificationId} was deleted while this send created it`,
        'Retry the send; it creates the type again.',
      );
    }
    if (subNotificationId !== undefined) {
      await this.subNotifications.ensureMany([
        { accountId, envId, notificationId, subNotificationId },
      ]);
    }
    return toSendPlan(resolved, await this.subNotifications.idsOfType(request));
  }
}

function toSendPlan(resolved: ResolvedType, subNotificationIds: string[]): SendPlanDto {
  return {
    channels: resolved.type.channels,
    templates: resolved.templates.map((template) => ({
      channel: template.channel,
      templateId: template.templateId,
      isDefault: template.isDefault,
      variables: template.variables,
    })),
    subNotificationIds,
  };
}
