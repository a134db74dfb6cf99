import type { JsMsg, Msg } from 'nats';

/** How nats.js keeps a received message: its bytes as they arrived, the header block first. */
interface ReceivedMessage {
  _rdata?: unknown;
  _msg?: { hdr?: unknown };
}

const TRACE_PARENT_LINE = '\r\ntraceparent: ';
const LINE_END = '\r\n';
const ANY_TRACE_HEADER = /trace(?:parent|state)/i;
const TRACE_STATE = /tracestate/i;

/** The message's header block as it arrived, when this nats.js keeps it so. */
function rawHeaderBlock(message: Msg | JsMsg): string | undefined {
  const received = ('msg' in message ? message.msg : message) as ReceivedMessage;
  const bytes = received._rdata;
  const length = received._msg?.hdr;
  if (!(bytes instanceof Uint8Array) || typeof length !== 'number') return undefined;
  if (length <= 0) return '';
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(length, bytes.length)).toString(
    'latin1',
  );
}

/**
 * The value of header `name` (written in exactly that case) as it arrived, `null` when the
 * message does not carry it, or `undefined` when this nats.js keeps messages otherwise.
 */
export function rawHeaderValueOf(message: Msg | JsMsg, name: string): string | null | undefined {
  const block = rawHeaderBlock(message);
  if (block === undefined) return undefined;
  const line = `${LINE_END}${name}: `;
  const at = block.indexOf(line);
  if (at < 0) return null;
  const start = at + line.length;
  const end = block.indexOf(LINE_END, start);
  return block.slice(start, end < 0 ? undefined : end).trim();
}

/**
 * The `traceparent` a received message carries, read from its header block as it arrived, or
 * `null` when it carries no trace context. nats.js would decode the whole block into headers
 * first (key checks, arrays, a map, on every message), which costs a consumer several times
 * what reading this one line does. `undefined` when the line cannot be told apart this way: a
 * nats.js that keeps messages otherwise, a key in other letters' case, or a `tracestate` (read
 * them from the decoded headers then).
 */
export function rawTraceParentOf(message: Msg | JsMsg): string | null | undefined {
  const block = rawHeaderBlock(message);
  if (block === undefined) return undefined;
  const at = block.indexOf(TRACE_PARENT_LINE);
  if (at < 0) return ANY_TRACE_HEADER.test(block) ? undefined : null;
  if (TRACE_STATE.test(block)) return undefined;
  const start = at + TRACE_PARENT_LINE.length;
  const end = block.indexOf(LINE_END, start);
  return block.slice(start, end < 0 ? undefined : end).trim();
}
