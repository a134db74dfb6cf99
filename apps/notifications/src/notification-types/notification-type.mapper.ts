import { NotificationTypeResponseDto, NotificationTypeTemplatesDto } from '@clarion/contracts';
import { TemplateEntity } from '../templates/template.entity';
import { NotificationTypeEntity } from './notification-type.entity';

export function toNotificationTypeResponse(
  type: NotificationTypeEntity,
  templates?: TemplateEntity[],
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
    ...(templates && { templates: templateIdsByChannel(templates) }),
  };
}

/** The ids of the templates of each channel, in the order given (channel, then oldest first). */
function templateIdsByChannel(templates: TemplateEntity[]): NotificationTypeTemplatesDto[] {
  const byChannel = new Map<TemplateEntity['channel'], string[]>();
  for (const template of templates) {
    byChannel.set(template.channel, [
      ...(byChannel.get(template.channel) ?? []),
      template.templateId,
    ]);
  }
  return [...byChannel].map(([channel, templateIds]) => ({ channel, templateIds }));
}
