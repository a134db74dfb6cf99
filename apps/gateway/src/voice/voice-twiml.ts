/** TwiML that streams the call's audio to its media websocket. */
export function connectTwiml(websocket: string, trackingId: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Response><Connect>' +
    `<Stream url="${xml(websocket)}"><Parameter name="trackingId" value="${xml(trackingId)}"/></Stream>` +
    '</Connect></Response>'
  );
}

/** TwiML that says why the call is not taken, and hangs up. */
export function hangUpTwiml(message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Say>${xml(message)}</Say><Hangup/></Response>`;
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
