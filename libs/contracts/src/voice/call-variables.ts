import { ValidationFailedError } from '../errors/domain-error';

/** `{{ name }}` placeholders of a spec's texts. */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/**
 * The values a call's `{{variables}}` take: each declared variable's per-call value, else its
 * default. A per-call value of an undeclared variable, or a declared variable with neither, is a
 * 400 that names it.
 */
export function resolveCallVariables(
  declared: readonly { name: string; defaultValue?: string }[],
  overrides: Record<string, string> = {},
): Record<string, string> {
  const names = new Set(declared.map((variable) => variable.name));
  const undeclared = Object.keys(overrides).filter((name) => !names.has(name));
  if (undeclared.length > 0) {
    throw new ValidationFailedError(
      undeclared.map((name) => `variables.${name} is not declared in spec.variables`).join('; '),
      'Declare the variable in spec.variables, or leave it out of variables.',
    );
  }
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const { name, defaultValue } of declared) {
    const value = overrides[name] ?? defaultValue;
    if (value === undefined) missing.push(name);
    else values[name] = value;
  }
  if (missing.length > 0) {
    throw new ValidationFailedError(
      missing
        .map((name) => `variables.${name} is required: spec.variables gives it no defaultValue`)
        .join('; '),
      'Give the variable a value in variables, or a defaultValue in spec.variables.',
    );
  }
  return values;
}

/** Fills `{{name}}` placeholders; a placeholder of an unknown name stays as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => values[name] ?? placeholder);
}
