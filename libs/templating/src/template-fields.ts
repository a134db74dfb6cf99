import { Channel, TemplateContent, ValidationFailedError } from '@clarion/contracts';
import { templateSyntaxProblem } from './template-syntax';
import { templateVariables } from './template-variables';

/** The content fields of each channel that are rendered as templates. */
export const RENDERED_FIELDS = {
  [Channel.EMAIL]: ['subject', 'html', 'previewText', 'senderName'],
  [Channel.INAPP_WEB]: ['title', 'url', 'image'],
  [Channel.SMS]: ['message'],
  [Channel.CALL]: ['message'],
  [Channel.VOICE]: ['message'],
  [Channel.PUSH]: ['title', 'message'],
  [Channel.WEB_PUSH]: ['title', 'message', 'icon', 'url'],
  [Channel.SLACK]: ['text'],
} as const satisfies Record<Channel, readonly string[]>;

/** The texts of a content object that are templates, by field name. */
export function renderedTexts(channel: Channel, content: TemplateContent): [string, string][] {
  return RENDERED_FIELDS[channel].flatMap((field) => {
    const value = content[field];
    return typeof value === 'string' ? [[field, value] as [string, string]] : [];
  });
}

/** Checks that every text of the content parses (400 naming the field) and lists its variables. */
export function checkedVariables(channel: Channel, content: TemplateContent, path = ''): string[] {
  const variables = new Set<string>();
  for (const [field, text] of renderedTexts(channel, content)) {
    const problem = templateSyntaxProblem(text);
    if (problem !== undefined) {
      throw new ValidationFailedError(
        `${path}${field} is not a valid template: ${problem}`,
        'Placeholders are written {{ name }}; tags such as {% if %} need their closing tag.',
      );
    }
    for (const variable of templateVariables(text)) variables.add(variable);
  }
  return [...variables];
}
