import { ENGINES, parseTemplate, TemplateFormat } from './template-engine';

/** Values a template can use: the send's parameters at the top level and the recipient as `user`. */
export type TemplateScope = Record<string, unknown>;

/**
 * Renders a template. A placeholder without a value renders empty; in `html` every value is
 * HTML-escaped. Throws a LiquidJS error for broken syntax or a render over its limits.
 */
export function renderTemplate(
  source: string,
  scope: TemplateScope,
  format: TemplateFormat,
): string {
  if (!source.includes('{')) return source;
  return ENGINES[format].renderSync(parseTemplate(source, format), scope) as string;
}
