import { TemplateResponseDto } from '@clarion/contracts';
import { TemplateEntity } from './template.entity';

export function toTemplateResponse(template: TemplateEntity): TemplateResponseDto {
  return {
    ...template.content,
    envId: template.envId,
    notificationId: template.notificationId,
    templateId: template.templateId,
    channel: template.channel,
    default: template.isDefault,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}
