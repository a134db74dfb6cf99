import { NotificationTypeResponseDto, TemplateResponseDto } from '@clarion/contracts';
import { NotificationTypeEntity } from './notification-type.entity';

export function toNotificationTypeResponse(
  type: NotificationTypeEntity,
  templates?: TemplateResponseDto[],
): NotificationTypeResponseDto {
  return {
    envId: type.envId,
    notificationId: type.notificationId,
    title: type.title,
    channels: type.channels,
    enabled: type.enabled,
    ...(type.deduplication && { deduplication: type.deduplication }),
    ...(type.throttling && { throttling: type.throttling }),
    ...(type.retention !== null && { retention: type.retention }),
    ...(type.options && { options: type.options }),
    ...(templates && { templates }),
  };
}
