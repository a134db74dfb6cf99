import { KeyObject } from 'node:crypto';
import {
  createSecureServer,
  IncomingHttpHeaders,
  SecureServerOptions,
  ServerHttp2Session,
  ServerHttp2Stream,
} from 'node:http2';
import { AddressInfo } from 'node:net';
import { verifiedJwt } from './verified-jwt';

/** One notification the peer accepted for processing. */
export interface ApnsRequestSeen {
  deviceToken: string;
  headers: IncomingHttpHeaders;
  providerToken: string;
  payload: unknown;
}

/** A scripted answer: a status with APNs' `reason`, or no answer at all. */
export type ApnsPeerAnswer =
  { status: number; reason?: string; headers?: Record<string, string> } | { hang: true };

/** APNs' provider API (`POST /3/device/<token>`) over HTTP/2 and TLS on loopback. */
export interface ApnsPeer {
  origin: string;
  received: ApnsRequestSeen[];
  /** HTTP/2 sessions (connections) clients opened. */
  sessionsOpened: number;
  /** Why requests were refused by the peer's own checks (empty when all were right). */
  refusals: string[];
  answerNextWith(answer: ApnsPeerAnswer): void;
  /** Provider tokens used so far are answered 403 ExpiredProviderToken from now on. */
  expireProviderTokensSeen(): void;
  /** Sends GOAWAY on every open session and waits for them to end. */
  closeSessions(): Promise<void>;
  close(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function startApnsPeer(
  tls: SecureServerOptions,
  signingKey: { teamId: string; keyId: string; publicKey: KeyObject },
): Promise<ApnsPeer> {
  const scripted: ApnsPeerAnswer[] = [];
  const sessions = new Set<ServerHttp2Session>();
  const expired = new Set<string>();
  const providerTokensSeen = new Set<string>();
  const server = createSecureServer(tls);
  server.on('session', (session) => {
    peer.sessionsOpened += 1;
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
  });
  server.on('stream', (stream, headers) => collectBody(stream, headers));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: ApnsPeer = {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    sessionsOpened: 0,
    refusals: [],
    answerNextWith: (next) => scripted.push(next),
    expireProviderTokensSeen: () => providerTokensSeen.forEach((jwt) => expired.add(jwt)),
    closeSessions: () => closeAll((session, done) => session.close(done)),
    close: async () => {
      await closeAll((session, done) => {
        session.once('close', done);
        session.destroy();
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function closeAll(end: (session: ServerHttp2Session, done: () => void) => void): Promise<void> {
    return Promise.all(
      [...sessions].map((session) => new Promise<void>((resolve) => end(session, resolve))),
    ).then(() => undefined);
  }

  function collectBody(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): void {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => answer(stream, headers, Buffer.concat(chunks).toString('utf8')));
  }

  function answer(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, body: string): void {
    const apnsId = headers['apns-id'];
    const reply = (status: number, reason?: string, extra: Record<string, string> = {}) => {
      stream.respond({ ':status': status, ...(apnsId ? { 'apns-id': apnsId } : {}), ...extra });
      stream.end(reason ? JSON.stringify({ reason }) : undefined);
    };
    const deviceToken = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(String(headers[':path']))?.[1];
    if (headers[':method'] !== 'POST' || !deviceToken) return reply(404, 'BadPath');
    const providerToken = /^bearer (.+)$/.exec(String(headers['authorization']))?.[1] ?? '';
    providerTokensSeen.add(providerToken);
    if (expired.has(providerToken)) return reply(403, 'ExpiredProviderToken');
    const refusal = providerTokenRefusal(providerToken) ?? headerRefusal(headers);
    if (refusal) {
      peer.refusals.push(refusal.detail);
      return reply(refusal.status, refusal.reason);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body);
    } catch {
      return reply(400, 'BadPayload');
    }
    peer.received.push({ deviceToken, headers, providerToken, payload });
    const next = scripted.shift();
    if (next && 'hang' in next) return;
    if (next) return reply(next.status, next.reason, next.headers);
    reply(200);
  }

  function providerTokenRefusal(jwt: string) {
    try {
      const { header, claims } = verifiedJwt(jwt, 'ES256', signingKey.publicKey);
      const ageS = Date.now() / 1000 - Number(claims['iat']);
      if (header['kid'] !== signingKey.keyId) throw new Error(`kid ${String(header['kid'])}`);
      if (claims['iss'] !== signingKey.teamId) throw new Error(`iss ${String(claims['iss'])}`);
      if (!(ageS > -60 && ageS < 3600)) throw new Error(`iat ${String(claims['iat'])}`);
      return undefined;
    } catch (error) {
      const detail = `provider token: ${(error as Error).message}`;
      return { status: 403, reason: 'InvalidProviderToken', detail };
    }
  }

  return peer;
}

function headerRefusal(headers: IncomingHttpHeaders) {
  const refuse = (reason: string, header: string) => ({
    status: 400,
    reason,
    detail: `${header}: ${String(headers[header])}`,
  });
  if (!headers['apns-topic']) return refuse('MissingTopic', 'apns-topic');
  if (!UUID.test(String(headers['apns-id']))) return refuse('BadMessageId', 'apns-id');
  const pushType = headers['apns-push-type'];
  if (pushType !== 'alert' && pushType !== 'background') {
    return refuse('InvalidPushType', 'apns-push-type');
  }
  const priority = headers['apns-priority'];
  if (priority !== '10' && priority !== '5') return refuse('BadPriority', 'apns-priority');
  if (pushType === 'background' && priority !== '5') return refuse('BadPriority', 'apns-priority');
  const expiration = headers['apns-expiration'];
  if (expiration !== undefined && !/^\d+$/.test(String(expiration))) {
    return refuse('BadExpirationDate', 'apns-expiration');
  }
  return undefined;
}
