import { TemplateContent, ValidationFailedError } from '@clarion/contracts';

/**
 * A template body is the channel's content fields plus templateId and default; the content is
 * checked against its channel by the notifications service, which knows the channel's fields.
 */
export function templateBodyOf(body: unknown): { templateId?: string; content: TemplateContent } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationFailedError('The body must be a JSON object of template fields');
  }
  const content = { ...(body as TemplateContent) };
  const templateId = content['templateId'];
  if (templateId !== undefined && (typeof templateId !== 'string' || templateId.trim() === '')) {
    throw new ValidationFailedError('templateId must be a non-empty string');
  }
  if (content['default'] !== undefined && typeof content['default'] !== 'boolean') {
    throw new ValidationFailedError('default must be a boolean');
  }
  delete content['templateId'];
  return { templateId: templateId as string | undefined, content };
}
