import {
  Channel,
  DeliveryOption,
  EDITOR_ONLY_FIELDS,
  inlineContentOf,
  isWebLink,
  NormalizedSend,
  TemplateContent,
} from '@clarion/contracts';
import { RENDERED_FIELDS, renderTemplate, TemplateScope } from '@clarion/templating';
import { defaultTemplateFor } from '../templates/default-template';
import { TemplateEntity } from '../templates/template.entity';

export type RenderedContent =
  | { ok: true; content: TemplateContent; templateId?: string }
  | { ok: false; failedCode: string; internal?: string };

type TemplateSource =
  { content: TemplateContent; templateId?: string } | { failedCode: string; internal: string };

/** Fields rendered with HTML escaping; every other field is plain text. */
const HTML_FIELDS: Partial<Record<Channel, readonly string[]>> = { [Channel.EMAIL]: ['html'] };

/**
 * The content of one channel of a send: the send's inline content, else the template it names,
 * else the channel's default template for the way it is delivered (a digest may have its own),
 * with every placeholder rendered.
 */
export function renderChannelContent(
  channel: Channel,
  send: NormalizedSend,
  templates: TemplateEntity[],
  scope: TemplateScope,
  delivery: DeliveryOption = DeliveryOption.INSTANT,
): RenderedContent {
  const inline = inlineContentOf(send, channel);
  const source: TemplateSource = inline
    ? { content: inline }
    : templateFor(channel, send, templates, delivery);
  if ('failedCode' in source) return { ok: false, ...source };
  try {
    const content = renderFields(channel, source.content, scope);
    const unsafe = unsafeLinkOf(channel, content);
    if (unsafe !== undefined) {
      return {
        ok: false,
        failedCode: 'IN_APP_WEB_FAILED',
        internal: `${unsafe} is not an http or https URL once rendered`,
      };
    }
    return {
      ok: true,
      content,
      ...(source.templateId !== undefined && { templateId: source.templateId }),
    };
  } catch (error) {
    return {
      ok: false,
      failedCode: 'UNKNOWN',
      internal: `the template could not be rendered: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/**
 * The in-app link field that a browser would not open as http(s), if any: the content was checked
 * when saved, but a placeholder's value (say `{{link}}` = `javascript:…`) is only known now.
 */
function unsafeLinkOf(channel: Channel, content: TemplateContent): string | undefined {
  if (channel !== Channel.INAPP_WEB) return undefined;
  return ['url', 'image'].find(
    (field) => typeof content[field] === 'string' && !isWebLink(content[field]),
  );
}

function templateFor(
  channel: Channel,
  send: NormalizedSend,
  templates: TemplateEntity[],
  delivery: DeliveryOption,
): TemplateSource {
  const ofChannel = templates.filter((template) => template.channel === channel);
  if (send.templateId !== undefined) {
    const named = ofChannel.find((template) => template.templateId === send.templateId);
    if (named) return sourceOf(named);
    return {
      failedCode: 'TEMPLATE_NOT_FOUND',
      internal: `${channel} has no template ${send.templateId}`,
    };
  }
  const fallback = defaultTemplateFor(delivery, ofChannel);
  if (fallback) return sourceOf(fallback);
  return {
    failedCode: 'NO_DEFAULT_TEMPLATE',
    internal: `the send has no ${channel} content and the type no default ${channel} template`,
  };
}

/** A template's content without what only editors read (it can be large, and is never sent). */
function sourceOf(template: TemplateEntity): TemplateSource {
  const content = { ...template.content };
  for (const field of EDITOR_ONLY_FIELDS) delete content[field];
  return { content, templateId: template.templateId };
}

function renderFields(
  channel: Channel,
  content: TemplateContent,
  scope: TemplateScope,
): TemplateContent {
  const rendered: TemplateContent = { ...content };
  for (const field of RENDERED_FIELDS[channel]) {
    const value = content[field];
    if (typeof value !== 'string') continue;
    const format = HTML_FIELDS[channel]?.includes(field) ? 'html' : 'text';
    rendered[field] = renderTemplate(value, scope, format);
  }
  return rendered;
}
