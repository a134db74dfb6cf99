/** Form fields as strings (a repeated field keeps its first value). */
export function formParams(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([name, value]) => [
      name,
      String(Array.isArray(value) ? value[0] : value),
    ]),
  );
}
