const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g;

/**
 * Replaces `{{name}}` and `{{nested.path}}` with values from `parameters`. A placeholder without
 * a value becomes empty text; objects are written as JSON.
 */
export function renderTemplate(template: string, parameters: Record<string, unknown>): string {
  return template.replace(PLACEHOLDER, (_, path: string) => stringify(lookup(parameters, path)));
}

function lookup(parameters: Record<string, unknown>, path: string): unknown {
  if (path in parameters) return parameters[path];
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[key]
          : undefined,
      parameters,
    );
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
