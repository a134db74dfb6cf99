/**
 * The TwiML Clarion answers Twilio with, built in one place for the gateway (inbound calls,
 * callbacks) and the voice service (outbound calls, transfers).
 */

/**
 * Streams the call's audio to its media websocket. Twilio takes no query string on a stream URL,
 * so the URL's query parameters (the media token) travel as <Parameter>s and come back in the
 * stream's `start` message.
 */
export function connectStreamTwiml(websocket: string): string {
  const url = new URL(websocket);
  const parameters = [...url.searchParams]
    .map(([name, value]) => `<Parameter name="${xml(name)}" value="${xml(value)}"/>`)
    .join('');
  url.search = '';
  return twiml(`<Connect><Stream url="${xml(url.toString())}">${parameters}</Stream></Connect>`);
}

/** Says why the call is not taken, and hangs up. */
export function sayAndHangUpTwiml(message: string): string {
  return twiml(`<Say>${xml(message)}</Say><Hangup/>`);
}

/** Acknowledges a callback: nothing for Twilio to do. */
export function emptyTwiml(): string {
  return twiml('');
}

/** Hands the call to another number, after an optional announcement. */
export function transferTwiml(phoneNumber: string, announcement?: string): string {
  const say = announcement ? `<Say>${xml(announcement)}</Say>` : '';
  return twiml(`${say}<Dial>${xml(phoneNumber)}</Dial>`);
}

function twiml(verbs: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${verbs}</Response>`;
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
