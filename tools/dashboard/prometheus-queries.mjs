// Runs a Grafana dashboard's Prometheus queries over a time window, the way Grafana would:
// its variables ($job, $__rate_interval, $__range) replaced, each series named by legendFormat.

/**
 * The window queried: the last `minutes`, in about 240 steps, and the rate window Grafana would
 * pick for it ($__rate_interval: a step plus a scrape, at least four scrapes).
 */
export function timeWindow({ minutes, scrapeSeconds, now = Date.now() / 1000 }) {
  const end = Math.floor(now);
  const start = end - minutes * 60;
  const step = Math.max(scrapeSeconds, Math.ceil((end - start) / 240));
  return { start, end, step, rateSeconds: Math.max(step + scrapeSeconds, 4 * scrapeSeconds) };
}

/**
 * What Prometheus answers to a range query.
 * @typedef {{ status: string, error?: string, data: { result: { metric: Record<string, string>, values: [number, string][] }[] } }} RangeAnswer
 */

/** The expression with the dashboard's variables and Grafana's built-in ones given values. */
export function withVariables(expr, variables, window) {
  const values = {
    ...variables,
    __rate_interval: `${window.rateSeconds}s`,
    __interval: `${window.step}s`,
    __range: `${window.end - window.start}s`,
  };
  return expr.replace(
    /\$\{(\w+)\}|\$(\w+)/g,
    (text, braced, bare) => values[braced ?? bare] ?? text,
  );
}

/**
 * Each template variable's value: the one `chosen` gives, else "All" as Grafana builds it, the
 * alternation of the values its `label_values(metric, label)` query finds in the window (or its
 * allValue, when it has one).
 */
export async function variablesOf(dashboard, prometheusUrl, window, chosen = {}) {
  const variables = {};
  for (const variable of dashboard.templating?.list ?? []) {
    const query = variable.query?.query ?? variable.query ?? '';
    const labelValues = /^label_values\(\s*(.+),\s*(\w+)\s*\)$/.exec(query);
    if (chosen[variable.name] || variable.allValue || !labelValues) {
      variables[variable.name] = chosen[variable.name] ?? variable.allValue ?? '.+';
      continue;
    }
    const url = new URL(`/api/v1/label/${labelValues[2]}/values`, prometheusUrl);
    url.search = new URLSearchParams({
      'match[]': labelValues[1],
      start: window.start,
      end: window.end,
    }).toString();
    const { data = [] } = /** @type {{ data?: string[] }} */ (
      await fetch(url).then((r) => r.json())
    );
    // Regex-escaped, and the backslash doubled again inside PromQL's double-quoted string.
    const escaped = data.map((value) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\\\$&'));
    variables[variable.name] = escaped.length ? `(${escaped.join('|')})` : '.+';
  }
  return variables;
}

/** A series' name in the legend: legendFormat with its {{label}} filled, or the selector. */
export function legendOf(legendFormat, labels) {
  if (legendFormat) return legendFormat.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, l) => labels[l] ?? '');
  const { __name__: name = '', ...rest } = labels;
  const pairs = Object.entries(rest).map(([k, v]) => `${k}="${v}"`);
  return `${name}{${pairs.join(', ')}}`;
}

/**
 * Every series of a panel's targets: `{ name, points: [[seconds, value]] }`, and the errors
 * Prometheus answered (a query it cannot parse is a dashboard bug, not "no data").
 */
export async function panelSeries(prometheusUrl, panel, variables, window) {
  const series = [];
  const errors = [];
  for (const target of panel.targets ?? []) {
    const query = withVariables(target.expr ?? '', variables, window);
    const url = new URL('/api/v1/query_range', prometheusUrl);
    url.search = new URLSearchParams({
      query,
      start: window.start,
      end: window.end,
      step: window.step,
    }).toString();
    const answer = /** @type {RangeAnswer} */ (await fetch(url).then((r) => r.json()));
    if (answer.status !== 'success') {
      errors.push(`${target.refId}: ${answer.error ?? answer.status} — ${query}`);
      continue;
    }
    for (const { metric, values } of answer.data.result)
      series.push({
        name: legendOf(target.legendFormat, metric),
        points: values.map(([t, v]) => [t, Number(v)]),
      });
  }
  return { series, errors };
}
