import { ENGINES, parseTemplate } from './template-engine';
import { TemplateScope } from './render-template';

/** The values a template reads from its scope, as dotted paths (`firstName`, `user.email`). */
export function templateVariables(source: string): string[] {
  if (!source.includes('{')) return [];
  const paths = ENGINES.text
    .globalVariableSegmentsSync(parseTemplate(source))
    .map((segments) => segments.filter(isStaticSegment).join('.'));
  return [...new Set(paths)].filter((path) => path.length > 0);
}

/** The variables of `paths` that `scope` has no value for. */
export function missingVariables(paths: string[], scope: TemplateScope): string[] {
  return paths.filter((path) => valueAt(scope, path.split('.')) === undefined);
}

function isStaticSegment(segment: unknown): segment is string | number {
  return typeof segment === 'string' || typeof segment === 'number';
}

function valueAt(scope: unknown, segments: string[]): unknown {
  let value = scope;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, segment)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[segment];
  }
  return value ?? undefined;
}
