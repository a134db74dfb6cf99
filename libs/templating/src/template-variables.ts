import { ENGINES, parseTemplate } from './template-engine';
import { RecentResults } from './recent-results';
import { TemplateScope } from './render-template';

const variablesOf = new RecentResults<readonly string[]>(2_000);

/**
 * The values a template reads from its scope, as dotted paths (`firstName`, `user.email`).
 * Analysing a template costs more than rendering it, and the gateway asks for the variables of
 * every send's inline content, mostly the same few texts: recent answers are kept.
 */
export function templateVariables(source: string): readonly string[] {
  if (!source.includes('{')) return [];
  return variablesOf.of(source, () => {
    const paths = ENGINES.text
      .globalVariableSegmentsSync(parseTemplate(source))
      .map((segments) => segments.filter(isStaticSegment).join('.'));
    return Object.freeze([...new Set(paths)].filter((path) => path.length > 0));
  });
}

/** The variables of `paths` that `scope` has no value for. */
export function missingVariables(paths: readonly string[], scope: TemplateScope): string[] {
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
