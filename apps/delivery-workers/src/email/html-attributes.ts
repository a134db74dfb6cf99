const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
};

/** The text an attribute value stands for (`&amp;` in a link's query string is `&`). */
export function decodeHtmlEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (!name.startsWith('#')) return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
    const codePoint =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : +name.slice(1);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
}

/** Escapes text for an HTML attribute value or text node. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** A start tag, quoted attribute values allowed to contain `>`. */
export function startTagPattern(tagName: string, flags = 'gi'): RegExp {
  return new RegExp(`<${tagName}(?=[\\s>/])(?:"[^"]*"|'[^']*'|[^'">])*>`, flags);
}

/**
 * Replaces the value of one attribute of a start tag, keeping its quotes and every other
 * attribute; `replacement` gets the decoded value and returns the new one, or undefined to keep
 * the tag as it is. Attribute values are consumed whole, so `title="href=x"` is never mistaken
 * for an href.
 */
export function replaceAttribute(
  tag: string,
  attributeName: string,
  replacement: (value: string) => string | undefined,
): string {
  let replaced = false;
  return tag.replace(
    /([^\s"'>/=]+)(\s*=\s*)("([^"]*)"|'([^']*)'|([^\s"'>]+))/g,
    (
      attribute,
      name: string,
      equals: string,
      _raw,
      doubleQuoted?: string,
      singleQuoted?: string,
      bare?: string,
    ) => {
      if (replaced || name.toLowerCase() !== attributeName) return attribute;
      replaced = true;
      const value = decodeHtmlEntities(doubleQuoted ?? singleQuoted ?? bare ?? '');
      const next = replacement(value);
      if (next === undefined) return attribute;
      const quote = singleQuoted !== undefined ? "'" : '"';
      return `${name}${equals}${quote}${escapeHtml(next)}${quote}`;
    },
  );
}
