import { hash } from 'node:crypto';
import type { JsMsg, Msg } from 'nats';
import { decodeJson } from '../client/json-codec';
import { rawHeaderValueOf } from '../tracing/raw-trace-parent';

/**
 * A bundle is one JetStream message that carries several of the same subject: its body is the
 * JSON array of its parts, and its `Clarion-Parts` header says how many (so a consumer can size
 * its batches without decoding). One stored message, one fsync, for what arrived together.
 */
export const PARTS_HEADER = 'Clarion-Parts';

/** One message of a bundle: its own id, its trace context and its payload. */
export interface BundlePart {
  /** What would have been its Nats-Msg-Id on its own. */
  readonly i: string;
  /** Its trace context headers (`traceparent`, …); absent while tracing is off. */
  readonly h?: Record<string, string>;
  readonly p: unknown;
}

/** A part ready to be bundled: its payload already encoded as JSON. */
export interface PartToBundle {
  readonly msgId: string;
  readonly traceHeaders: Record<string, string>;
  readonly json: string;
}

/** The body of a bundle, written around payloads encoded once, never parsed again here. */
export function bundleBody(parts: readonly PartToBundle[]): string {
  return `[${parts.map(partJson).join(',')}]`;
}

function partJson(part: PartToBundle): string {
  const headers = Object.keys(part.traceHeaders).length
    ? `,"h":${JSON.stringify(part.traceHeaders)}`
    : '';
  return `{"i":${JSON.stringify(part.msgId)}${headers},"p":${part.json}}`;
}

/**
 * The bundle's Nats-Msg-Id: a digest of its parts' ids in order. The same parts published again
 * (a retried publish) are dropped as a duplicate; other parts are another bundle. A part
 * published again inside another bundle is not dropped by JetStream, so consumers of bundled
 * subjects are idempotent per part (see docs/architecture.md, "Bundles").
 */
export function bundleMsgId(parts: readonly PartToBundle[]): string {
  let ids = '';
  for (const part of parts) ids += `${part.msgId}\n`;
  return `bundle:${hash('sha256', ids, 'base64url')}`;
}

/** How many messages a received message stands for: its parts, or 1 when it is no bundle. */
export function partCountOf(message: Msg | JsMsg): number {
  const raw = rawHeaderValueOf(message, PARTS_HEADER);
  const value = raw === undefined ? message.headers?.get(PARTS_HEADER) : raw;
  if (!value) return 1;
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? count : 1;
}

/** The parts of a bundle's body; throws when it is not an array of parts. */
export function partsOf(data: Uint8Array): BundlePart[] {
  const body = decodeJson(data);
  if (!Array.isArray(body) || !body.every(isPart)) {
    throw new Error('a bundle must be a JSON array of {i, h?, p}');
  }
  return body;
}

function isPart(value: unknown): value is BundlePart {
  if (typeof value !== 'object' || value === null) return false;
  const part = value as Partial<BundlePart>;
  return (
    typeof part.i === 'string' &&
    (part.h === undefined || (typeof part.h === 'object' && part.h !== null)) &&
    'p' in part
  );
}

/** The payloads a received message carries: its own, or each of its parts' (for tools and tests). */
export function payloadsOf(message: Msg | JsMsg): unknown[] {
  if (partCountOf(message) === 1) return [decodeJson(message.data)];
  return partsOf(message.data).map((part) => part.p);
}
