/** TwiML that speaks `message` once the call is answered. */
export function sayTwiml(message: string): string {
  return `<Response><Say>${escapeXml(message)}</Say></Response>`;
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text as XML character data; characters XML 1.0 cannot hold are dropped, not sent to fail. */
export function escapeXml(text: string): string {
  return Array.from(text)
    .filter(isXmlChar)
    .join('')
    .replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

function isXmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x9 || code === 0xa || code === 0xd) return true;
  if (code < 0x20) return false;
  if (code >= 0xd800 && code <= 0xdfff) return false; // a lone surrogate
  return code !== 0xfffe && code !== 0xffff;
}
