import { Liquid, Template } from 'liquidjs';
import { RecentResults } from './recent-results';

/** Whether rendered values are HTML-escaped (email HTML) or written as they are (texts). */
export type TemplateFormat = 'html' | 'text';

const LIMITS = {
  /** Characters a template may have. */
  parseLimit: 200_000,
  /** Milliseconds one render may take. */
  renderLimit: 1_000,
  /** Bytes of strings one render may allocate. */
  memoryLimit: 10_000_000,
};

const SHARED = {
  ...LIMITS,
  ownPropertyOnly: true,
  strictVariables: false,
  strictFilters: true,
  jsTruthy: true,
} as const;

/** LiquidJS (`{{ name }}`, filters, `{% if %}`), one engine per output format. */
export const ENGINES: Record<TemplateFormat, Liquid> = {
  html: new Liquid({ ...SHARED, outputEscape: 'escape' }),
  text: new Liquid(SHARED),
};

const parsed = new RecentResults<Template[]>(2_000);

/** Parses a template once per format (escaping is decided at parse time); recent ones are kept. */
export function parseTemplate(source: string, format: TemplateFormat = 'text'): Template[] {
  return parsed.of(`${format}:${source}`, () => ENGINES[format].parse(source));
}
