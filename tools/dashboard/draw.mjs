// Draws a Grafana dashboard as one HTML page with inline SVG: its rows, and each panel at its
// gridPos (24 columns, 30 px a unit of height) as a time series with a legend or a stat value.

const PAGE_WIDTH = 1600;
const UNIT_HEIGHT = 30;
const GAP = 6;
const COLORS = ['#73bf69', '#f2cc0c', '#5794f2', '#ff9830', '#f2495c', '#b877d9', '#8ab8ff'];
const MORE_COLORS = ['#96d98d', '#fade2a', '#ffb357', '#ff7383', '#ca95e5', '#56a64b', '#e0b400'];
const PALETTE = [...COLORS, ...MORE_COLORS];
const MAX_LEGEND_LINES = 3;
const LEGEND_LINE_HEIGHT = 16;

const escape = (text) =>
  String(text).replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c],
  );

/** A value as Grafana shows it in the panel's unit (bytes, seconds, a ratio as %, or a count). */
export function formatValue(value, unit, decimals) {
  if (!Number.isFinite(value)) return '–';
  const number = (n) =>
    decimals === undefined ? String(Number(n.toPrecision(3))) : n.toFixed(decimals);
  const scaled = (steps, base) => {
    let i = 0;
    while (Math.abs(value) >= base ** (i + 1) && i < steps.length - 1) i++;
    return `${number(value / base ** i)}${steps[i]}`;
  };
  if (unit === 'percentunit') return `${number(value * 100)}%`;
  if (unit === 'bytes') return scaled([' B', ' KiB', ' MiB', ' GiB', ' TiB'], 1024);
  if (unit === 's') {
    if (value === 0) return '0 s';
    if (Math.abs(value) < 1e-3) return `${number(value * 1e6)} µs`;
    if (Math.abs(value) < 1) return `${number(value * 1e3)} ms`;
    return `${number(value)} s`;
  }
  // Counts stay whole below ten thousand: 1,004 sends, not 1k.
  return Math.abs(value) < 1e4 ? number(value) : scaled(['', 'k', 'M', 'G', 'T'], 1000);
}

/** A time of day (UTC) on the x axis, with seconds when the window is short. */
const clock = (seconds, window) =>
  new Date(seconds * 1000).toISOString().slice(11, window.end - window.start < 1200 ? 19 : 16);

/** The lines of a time series chart, with its y axis from 0 (or the lowest value) to a round top. */
function chartSvg(series, unit, width, height, window) {
  const [left, bottom, top] = [64, 18, 6];
  const values = series.flatMap((s) => s.points.map(([, v]) => v)).filter(Number.isFinite);
  const low = Math.min(0, ...values);
  const high = niceTop(Math.max(...values, low + 1e-9));
  const x = (t) => left + ((t - window.start) / (window.end - window.start)) * (width - left - 4);
  const y = (v) => top + (1 - (v - low) / (high - low)) * (height - top - bottom);
  const grid = [0, 1, 2, 3, 4].map((i) => {
    const v = low + ((high - low) * i) / 4;
    return `<line x1="${left}" x2="${width - 4}" y1="${y(v)}" y2="${y(v)}" class="grid"/>
      <text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${escape(formatValue(v, unit))}</text>`;
  });
  const times = [0, 1, 2, 3].map((i) => {
    const t = window.start + ((window.end - window.start) * (i + 0.5)) / 4;
    return `<text x="${x(t)}" y="${height - 4}" text-anchor="middle">${clock(t, window)}</text>`;
  });
  const lines = series.map((s, i) => {
    // A NaN (a ratio of nothing) breaks the line rather than drawing it to zero.
    const path = s.points
      .map(([t, v], j) =>
        Number.isFinite(v)
          ? `${j && Number.isFinite(s.points[j - 1][1]) ? 'L' : 'M'}${x(t).toFixed(1)},${y(v).toFixed(1)}`
          : '',
      )
      .join('');
    return `<path d="${path}" stroke="${PALETTE[i % PALETTE.length]}" fill="none" stroke-width="1.5"/>`;
  });
  return `<svg width="${width}" height="${height}">${grid.join('')}${times.join('')}${lines.join('')}</svg>`;
}

/** A round number at or above `value` for the top of an axis: 1, 2, 2.5 or 5 times a power of ten. */
function niceTop(value) {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((top) => top >= value) ?? value;
}

/**
 * The legend entries that fit in at most three lines of the panel's width (a character is at most
 * 7 px), and how many lines they take; the rest are counted as "+N more".
 */
function legendLayout(series, width) {
  const lines = [0];
  let shown = 0;
  for (const { name } of series) {
    const entry = 28 + 7 * name.length;
    const line = lines.at(-1) ?? 0;
    if (line + entry > width && line > 0) {
      if (lines.length === MAX_LEGEND_LINES) break;
      lines.push(0);
    }
    lines[lines.length - 1] += entry;
    shown++;
  }
  return { shown, lines: lines.length };
}

function legendHtml(series, shown) {
  const entries = series
    .slice(0, shown)
    .map(
      (s, i) =>
        `<span><i style="background:${PALETTE[i % PALETTE.length]}"></i>${escape(s.name)}</span>`,
    );
  const hidden = series.length - shown;
  return `<div class="legend">${entries.join('')}${hidden > 0 ? `<b>+${hidden} more</b>` : ''}</div>`;
}

function panelBody(panel, { series, errors }, width, height, window) {
  const unit = panel.fieldConfig?.defaults?.unit;
  if (errors.length) return `<div class="error">${errors.map(escape).join('<br>')}</div>`;
  if (!series.length) return '<div class="empty">No data</div>';
  if (panel.type === 'stat') {
    const last = series[0].points.findLast(([, v]) => Number.isFinite(v))?.[1];
    return `<div class="stat">${escape(formatValue(last, unit, panel.fieldConfig?.defaults?.decimals))}</div>`;
  }
  // The "+N more" needs room of its own on the last line.
  const legend = legendLayout(series, width - 80);
  const chartHeight = height - legend.lines * LEGEND_LINE_HEIGHT - 4;
  return chartSvg(series, unit, width, chartHeight, window) + legendHtml(series, legend.shown);
}

/** The whole dashboard as an HTML page; `results` holds each panel's series by panel id. */
export function dashboardHtml(dashboard, results, window, subtitle) {
  const column = PAGE_WIDTH / 24;
  const boxes = dashboard.panels.map((panel) => {
    const { x, y, w, h } = panel.gridPos;
    const box = {
      left: x * column,
      top: y * UNIT_HEIGHT,
      width: w * column - GAP,
      height: h * UNIT_HEIGHT - GAP,
    };
    const style = `left:${box.left}px;top:${box.top}px;width:${box.width}px;height:${box.height}px`;
    if (panel.type === 'row') return `<h2 style="${style}">${escape(panel.title)}</h2>`;
    const body = panelBody(panel, results.get(panel.id), box.width - 16, box.height - 34, window);
    return `<section style="${style}"><h3>${escape(panel.title)}</h3>${body}</section>`;
  });
  const bottom = Math.max(
    ...dashboard.panels.map((p) => (p.gridPos.y + p.gridPos.h) * UNIT_HEIGHT),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; padding: 16px; background: #111217; color: #ccccdc; font: 12px Inter, Helvetica, Arial, sans-serif; width: ${PAGE_WIDTH}px; }
    header h1 { font-size: 18px; margin: 0 0 2px; } header p { margin: 0 0 12px; color: #8e8e8e; }
    main { position: relative; height: ${bottom}px; }
    main > * { position: absolute; box-sizing: border-box; margin: 0; }
    h2 { font-size: 14px; padding-top: 6px; border-bottom: 1px solid #2c3235; }
    section { background: #181b1f; border: 1px solid #2c3235; border-radius: 2px; padding: 4px 8px; overflow: hidden; }
    h3 { font-size: 12px; margin: 0 0 6px; font-weight: 500; }
    svg text { fill: #8e8e8e; font-size: 10px; } svg .grid { stroke: #2c3235; }
    .legend { display: flex; flex-wrap: wrap; column-gap: 12px; line-height: 16px; white-space: nowrap; }
    .legend b { font-weight: normal; color: #8e8e8e; }
    .legend i { display: inline-block; width: 12px; height: 3px; margin: 0 4px 3px 0; }
    .stat { font-size: 32px; font-weight: 500; color: #5794f2; text-align: center; padding-top: 8px; }
    .empty { color: #8e8e8e; text-align: center; padding-top: 40px; } .error { color: #f2495c; }
  </style></head><body><header><h1>${escape(dashboard.title)}</h1><p>${escape(subtitle)}</p></header>
  <main>${boxes.join('\n')}</main></body></html>`;
}
