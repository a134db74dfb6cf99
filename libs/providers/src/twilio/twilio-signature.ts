import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's `X-Twilio-Signature` of a form-encoded callback: base64 HMAC-SHA1, keyed with the
 * auth token, of the full URL Twilio requested followed by every POST parameter's name and
 * value, sorted by name.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => text + name + (params[name] ?? ''), url);
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64');
}

/**
 * Whether `headerValue` is Twilio's signature of the request. Twilio may have signed the URL
 * with or without its default port (behind proxies the gateway cannot tell), so both count,
 * as in Twilio's own validators. Never throws.
 */
export function isValidTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  headerValue: string | string[] | undefined,
): boolean {
  if (typeof headerValue !== 'string' || headerValue.length === 0 || authToken.length === 0) {
    return false;
  }
  try {
    const received = Buffer.from(headerValue, 'utf8');
    return urlsTwilioMayHaveSigned(url).some((candidate) =>
      sameBytes(Buffer.from(twilioSignature(authToken, candidate, params), 'utf8'), received),
    );
  } catch {
    return false;
  }
}

/** The URL as given, and the same URL with its port removed or the scheme's default added. */
function urlsTwilioMayHaveSigned(url: string): string[] {
  const parts = /^(https?):\/\/([^/?#@]*@)?(\[[^\]]*\]|[^/?#:]*)(:\d*)?(.*)$/i.exec(url);
  if (!parts) return [url];
  const [, scheme = '', userInfo = '', host = '', port, rest = ''] = parts;
  const defaultPort = scheme.toLowerCase() === 'https' ? ':443' : ':80';
  const alternative = `${scheme}://${userInfo}${host}${port === undefined ? defaultPort : ''}${rest}`;
  return [url, alternative];
}

function sameBytes(expected: Buffer, received: Buffer): boolean {
  // timingSafeEqual needs equal lengths; a length mismatch says nothing about the token.
  return expected.length === received.length && timingSafeEqual(expected, received);
}
