import { Channel, TEMPLATE_MODES, TemplateContent, TemplateResponseDto } from '@clarion/contracts';
import { defaultTemplateFor } from './default-template';
import { TemplateEntity } from './template.entity';

/**
 * Fields the hosted service's template model requires of a channel, answered for templates saved
 * without them: no editor representation, and the environment's default sender.
 */
const MODEL_DEFAULTS: Partial<Record<Channel, TemplateContent>> = {
  [Channel.EMAIL]: { internal: '', senderName: '', senderEmail: '' },
};

/** A template as the API answers it; `ofChannel` are all the templates of its channel. */
export function toTemplateResponse(
  template: TemplateEntity,
  ofChannel: TemplateEntity[],
): TemplateResponseDto {
  return {
    ...MODEL_DEFAULTS[template.channel],
    ...template.content,
    envId: template.envId,
    notificationId: template.notificationId,
    templateId: template.templateId,
    channel: template.channel,
    default: template.isDefault,
    isDefaultFor: isDefaultForOf(template, ofChannel),
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** For each delivery, whether a send without templateId delivered that way uses the template. */
function isDefaultForOf(
  template: TemplateEntity,
  ofChannel: TemplateEntity[],
): Record<string, boolean> {
  return Object.fromEntries(
    TEMPLATE_MODES.map((mode) => [mode, defaultTemplateFor(mode, ofChannel) === template]),
  );
}
