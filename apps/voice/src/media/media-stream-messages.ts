/**
 * The media websocket speaks Twilio's Media Streams protocol (JSON text frames), and so does the
 * browser playground: `connected`, `start`, `media` (base64 8 kHz μ-law), `dtmf`, `mark`, `stop`
 * from the caller's side; `media`, `mark` and `clear` back. The playground may also send `text`
 * (a typed utterance) and receives `transcript` frames; Twilio never sees those.
 */
export type CallerMessage =
  | { event: 'connected' }
  | { event: 'start'; streamSid: string; callSid?: string; token?: string }
  | { event: 'media'; audio: Buffer }
  | { event: 'dtmf'; digit: string }
  | { event: 'mark'; name: string }
  | { event: 'text'; text: string }
  | { event: 'stop' };

const MAX_TEXT_LENGTH = 2_000;

/** The caller's message in `frame`, or undefined for anything this protocol does not know. */
export function parseCallerMessage(frame: string): CallerMessage | undefined {
  const message = parseObject(frame);
  if (!message) return undefined;
  switch (message['event']) {
    case 'connected':
      return { event: 'connected' };
    case 'start': {
      const start = objectIn(message['start']);
      const parameters = objectIn(start?.['customParameters']);
      const streamSid = stringIn(message['streamSid']) ?? stringIn(start?.['streamSid']);
      return {
        event: 'start',
        streamSid: streamSid ?? 'browser',
        callSid: stringIn(start?.['callSid']),
        token: stringIn(parameters?.['token']),
      };
    }
    case 'media': {
      const payload = stringIn(objectIn(message['media'])?.['payload']);
      return payload === undefined
        ? undefined
        : { event: 'media', audio: Buffer.from(payload, 'base64') };
    }
    case 'dtmf': {
      const digit = stringIn(objectIn(message['dtmf'])?.['digit']);
      return digit && /^[0-9*#]$/.test(digit) ? { event: 'dtmf', digit } : undefined;
    }
    case 'mark': {
      const name = stringIn(objectIn(message['mark'])?.['name']);
      return name === undefined ? undefined : { event: 'mark', name };
    }
    case 'text': {
      const text = stringIn(message['text'])?.trim().slice(0, MAX_TEXT_LENGTH);
      return text ? { event: 'text', text } : undefined;
    }
    case 'stop':
      return { event: 'stop' };
    default:
      return undefined;
  }
}

/** Agent audio to play. */
export function mediaFrame(streamSid: string, audio: Buffer): string {
  return JSON.stringify({
    event: 'media',
    streamSid,
    media: { payload: audio.toString('base64') },
  });
}

/** Asks the caller's side to say when playback reaches this point. */
export function markFrame(streamSid: string, name: string): string {
  return JSON.stringify({ event: 'mark', streamSid, mark: { name } });
}

/** Drops agent audio not yet played (the caller interrupted). */
export function clearFrame(streamSid: string): string {
  return JSON.stringify({ event: 'clear', streamSid });
}

/** A line of the transcript, for the browser playground. */
export function transcriptFrame(role: 'agent' | 'user', text: string): string {
  return JSON.stringify({ event: 'transcript', role, text });
}

function parseObject(frame: string): Record<string, unknown> | undefined {
  try {
    return objectIn(JSON.parse(frame));
  } catch {
    return undefined;
  }
}

function objectIn(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function stringIn(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
