import { ValidateBy, ValidationOptions, buildMessage } from 'class-validator';

const LIQUID_EXPRESSION = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/**
 * Whether a browser would open the text as an http(s) URL (or it is empty: no link). Parsed the
 * way browsers parse it, so `  JavaScript:`, `java\tscript:` and `data:` are all refused.
 */
export function isWebLink(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (value.trim() === '') return true;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A link a browser opens, which may hold {{placeholders}}: http(s) with each expression read as
 * plain text, or starting with an expression (its scheme then comes from the data, and the
 * rendered link is checked again with `isWebLink`).
 */
export function IsWebLinkTemplate(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isWebLinkTemplate',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' &&
          (/^\s*\{[{%]/.test(value) || isWebLink(value.replace(LIQUID_EXPRESSION, 'x'))),
        defaultMessage: buildMessage(
          (prefix) => `${prefix}$property must be an absolute http or https URL`,
          options,
        ),
      },
    },
    options,
  );
}
