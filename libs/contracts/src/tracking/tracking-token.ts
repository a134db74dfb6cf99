import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a tracking link records when it is followed: an open, a click or an unsubscribe. */
export type TrackingKind = 'open' | 'click' | 'unsubscribe';

/** The facts a signed tracking link carries; `url` (the click's destination) only for clicks. */
export interface TrackingTokenPayload {
  kind: TrackingKind;
  trackingId: string;
  accountId: string;
  envId: string;
  userId: string;
  notificationId: string;
  url?: string;
}

/** Short keys keep the links in an email short. */
interface WirePayload {
  k: 'o' | 'c' | 'u';
  t: string;
  a: string;
  e: string;
  u: string;
  n: string;
  l?: string;
}

const KIND_TO_WIRE = { open: 'o', click: 'c', unsubscribe: 'u' } as const;
const WIRE_TO_KIND: Record<string, TrackingKind> = { o: 'open', c: 'click', u: 'unsubscribe' };
const SIGNATURE_BYTES = 16;

/** `base64url(JSON payload).base64url(HMAC-SHA256 of the first part, first 16 bytes)`. */
export function signTrackingToken(payload: TrackingTokenPayload, secret: string): string {
  const wire: WirePayload = {
    k: KIND_TO_WIRE[payload.kind],
    t: payload.trackingId,
    a: payload.accountId,
    e: payload.envId,
    u: payload.userId,
    n: payload.notificationId,
  };
  if (payload.kind === 'click' && payload.url !== undefined) wire.l = payload.url;
  const body = Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
  return `${body}.${signatureOf(body, secret).toString('base64url')}`;
}

/** The payload of a token this secret signed, or undefined for anything else. Never throws. */
export function verifyTrackingToken(
  token: string,
  secret: string,
): TrackingTokenPayload | undefined {
  try {
    if (typeof token !== 'string') return undefined;
    const parts = token.split('.');
    const [body, signature] = parts;
    if (
      parts.length !== 2 ||
      !body ||
      !signature ||
      !isBase64Url(body) ||
      !isBase64Url(signature)
    ) {
      return undefined;
    }
    const given = Buffer.from(signature, 'base64url');
    const expected = signatureOf(body, secret);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return payloadOf(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}

function signatureOf(body: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(body).digest().subarray(0, SIGNATURE_BYTES);
}

function isBase64Url(value: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(value);
}

function payloadOf(wire: unknown): TrackingTokenPayload | undefined {
  if (typeof wire !== 'object' || wire === null || Array.isArray(wire)) return undefined;
  const fields = wire as Record<string, unknown>;
  const kind = typeof fields['k'] === 'string' ? WIRE_TO_KIND[fields['k']] : undefined;
  const ids = [fields['t'], fields['a'], fields['e'], fields['u'], fields['n']];
  if (kind === undefined || !ids.every((id): id is string => typeof id === 'string')) {
    return undefined;
  }
  const [trackingId, accountId, envId, userId, notificationId] = ids as string[];
  const payload = {
    kind,
    trackingId,
    accountId,
    envId,
    userId,
    notificationId,
  } as TrackingTokenPayload;
  const url = fields['l'];
  if (kind !== 'click') return url === undefined ? payload : undefined;
  return typeof url === 'string' ? { ...payload, url } : undefined;
}

/**
 * The gateway's tracking routes (relative to the public URL): the open pixel (GET), the click
 * redirect to the signed URL (GET), and the unsubscribe link (GET for the page, POST for
 * RFC 8058 one-click unsubscribe).
 */
export const trackingRoutes: Readonly<Record<TrackingKind, string>> = {
  open: 'track/open/:token',
  click: 'track/click/:token',
  unsubscribe: 'track/unsubscribe/:token',
};

/** Builds the public tracking URLs of the gateway at `publicUrl`, given already signed tokens. */
export function trackingUrls(publicUrl: string): Record<TrackingKind, (token: string) => string> {
  const base = publicUrl.replace(/\/+$/, '');
  const urlFor = (kind: TrackingKind) => (token: string) =>
    `${base}/${trackingRoutes[kind].replace(':token', encodeURIComponent(token))}`;
  return { open: urlFor('open'), click: urlFor('click'), unsubscribe: urlFor('unsubscribe') };
}

/** Signs the payload and returns the public URL of the gateway route for its kind. */
export function signedTrackingUrl(
  publicUrl: string,
  payload: TrackingTokenPayload,
  secret: string,
): string {
  return trackingUrls(publicUrl)[payload.kind](signTrackingToken(payload, secret));
}
