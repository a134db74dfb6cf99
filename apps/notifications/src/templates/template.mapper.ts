import { TEMPLATE_MODES, TemplateResponseDto, withSdkFieldNames } from '@clarion/contracts';
import { defaultTemplateFor } from './default-template';
import { TemplateEntity } from './template.entity';

/**
 * A template as the API answers it, its content also in the fields of the hosted service's
 * template model; `ofChannel` are all the templates of its channel.
 */
export function toTemplateResponse(
  template: TemplateEntity,
  ofChannel: TemplateEntity[],
): TemplateResponseDto {
  return {
    ...withSdkFieldNames(template.channel, template.content),
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
