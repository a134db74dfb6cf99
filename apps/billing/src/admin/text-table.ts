/** One column of a text table: its heading, and how a row reads in it. */
export interface TextColumn<Row> {
  heading: string;
  value: (row: Row) => string | number;
  /** Numbers line up on the right. */
  alignRight?: boolean;
  /** Longer cells are cut, ending in an ellipsis. */
  maxWidth?: number;
}

/**
 * Rows as an aligned text table for a terminal: a heading line, then one line per row, columns
 * two spaces apart. Line breaks and tabs in a cell read as spaces, so a row is always one line.
 */
export function formatTextTable<Row>(rows: readonly Row[], columns: TextColumn<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => cellText(column, row)));
  const widths = columns.map((column, index) =>
    Math.max(column.heading.length, ...cells.map((line) => line[index]?.length ?? 0)),
  );
  const lineOf = (texts: string[]) =>
    texts
      .map((text, index) => {
        const width = widths[index] ?? 0;
        return columns[index]?.alignRight ? text.padStart(width) : text.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  return [columns.map((column) => column.heading), ...cells].map(lineOf).join('\n') + '\n';
}

function cellText<Row>(column: TextColumn<Row>, row: Row): string {
  const text = String(column.value(row)).replace(/[\r\n\t]+/g, ' ');
  const limit = column.maxWidth;
  return limit !== undefined && text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
