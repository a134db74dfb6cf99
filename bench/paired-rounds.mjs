// Statistics of paired rounds (bench/tracing-cost.mjs): each round loads system A, B, B, A in
// turn, so each round's change compares slices taken moments apart, and the spread of those
// changes says how far the machine's noise leaves the overall figure uncertain.

/** Student's t at 97.5 % for 1 to 30 degrees of freedom; beyond, the normal's 1.96. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145,
  2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048,
  2.045, 2.042,
];

/**
 * Each round's change of `b` against `a`, in percent, from per-slice values recorded two per
 * round for each (`a` as the round's first and last slice, `b` as its middle two).
 */
export function roundChanges(aSlices, bSlices) {
  const changes = [];
  for (let i = 0; i + 1 < aSlices.length && i + 1 < bSlices.length; i += 2) {
    const a = aSlices[i] + aSlices[i + 1];
    const b = bSlices[i] + bSlices[i + 1];
    changes.push(100 * (b / a - 1));
  }
  return changes;
}

/** Median, mean and the half-width of the mean's 95 % confidence interval (t distribution). */
export function spreadOf(values) {
  const n = values.length;
  const sorted = [...values].sort((x, y) => x - y);
  const median = n % 2 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  if (n < 2) return { median, mean, halfWidth95: Number.NaN };
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1);
  const t = T_975[n - 2] ?? 1.96;
  return { median, mean, halfWidth95: t * Math.sqrt(variance / n) };
}
