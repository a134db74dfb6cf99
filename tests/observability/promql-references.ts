/** A label matcher of a selector: `outcome="sent"`, `job=~"$job"`. */
export interface LabelMatcher {
  label: string;
  operator: '=' | '!=' | '=~' | '!~';
  value: string;
}

/** A series selector: the metric it reads and the labels it matches on. */
export interface SeriesSelector {
  metric: string;
  matchers: LabelMatcher[];
}

/** What a PromQL expression reads: its series, and the labels it groups or joins by. */
export interface PromqlReferences {
  selectors: SeriesSelector[];
  groupingLabels: string[];
  /** Parts the reader could not make sense of (a selector with a malformed matcher). */
  unreadable: string[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const STRING = '"(?:[^"\\\\]|\\\\.)*"';
const SELECTOR = new RegExp(`(${NAME})?\\s*\\{([^}]*)\\}`, 'g');
const MATCHER = new RegExp(`^\\s*([a-zA-Z_]\\w*)\\s*(=~|!~|!=|=)\\s*(${STRING})\\s*$`);
const GROUPING = /\b(?:by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g;
/** Words of PromQL that are neither functions (always followed by `(`) nor metrics. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * Reads the metric names and labels a PromQL expression refers to. Not a full parser: enough for
 * the expressions of a dashboard (selectors, aggregations with `by`, functions, arithmetic), and
 * it reports what it cannot read rather than skipping it.
 */
export function promqlReferences(expression: string): PromqlReferences {
  const selectors: SeriesSelector[] = [];
  const unreadable: string[] = [];
  const groupingLabels: string[] = [];

  let rest = expression.replace(SELECTOR, (whole, metric: string | undefined, body: string) => {
    const matchers = splitMatchers(body).map((text) => {
      const match = MATCHER.exec(text);
      if (!match) unreadable.push(text.trim());
      return match && { label: match[1]!, operator: match[2], value: JSON.parse(match[3]!) };
    });
    selectors.push({
      metric: metric ?? '',
      matchers: matchers.filter((m): m is LabelMatcher => m !== null),
    });
    return ' ';
  });
  rest = rest.replace(GROUPING, (_, labels: string) => {
    groupingLabels.push(
      ...labels
        .split(',')
        .map((label) => label.trim())
        .filter(Boolean),
    );
    return ' ';
  });
  rest = rest.replace(new RegExp(STRING, 'g'), ' ').replace(/\[[^\]]*\]/g, ' ');
  for (const [, name] of rest.matchAll(
    new RegExp(`(?<![\\w.$])(${NAME})(?![\\w:]|\\s*\\()`, 'g'),
  )) {
    if (!KEYWORDS.has(name!.toLowerCase())) selectors.push({ metric: name!, matchers: [] });
  }
  return { selectors, groupingLabels, unreadable };
}

/** Splits a selector's body at the commas between matchers, not those inside quoted values. */
function splitMatchers(body: string): string[] {
  const parts = body.match(new RegExp(`(?:${STRING}|[^,"])+`, 'g')) ?? [];
  return parts.filter((part) => part.trim() !== '');
}
