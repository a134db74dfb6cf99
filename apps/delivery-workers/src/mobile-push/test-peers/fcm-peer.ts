import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { bodyOf, json } from '../../delivery/test-peers/http-peer-io';

/** One `messages:send` the peer accepted for processing. */
export interface FcmRequestSeen {
  projectId: string;
  accessToken: string;
  body: unknown;
}

/** A scripted answer: a status with its body (JSON, or text when a string), or no answer. */
export type FcmPeerAnswer =
  { status: number; body: unknown; headers?: Record<string, string> } | { hang: true };

/** The FCM HTTP v1 send endpoint on loopback. */
export interface FcmPeer {
  baseUrl: string;
  /** Authorized requests, in arrival order. */
  received: FcmRequestSeen[];
  /** Requests refused for their access token. */
  unauthorized: number;
  answerNextWith(answer: FcmPeerAnswer): void;
  close(): Promise<void>;
}

/** `isGranted` says whether an access token is valid (the OAuth peer granted it). */
export async function startFcmPeer(isGranted: (accessToken: string) => boolean): Promise<FcmPeer> {
  const scripted: FcmPeerAnswer[] = [];
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: FcmPeer = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received: [],
    unauthorized: 0,
    answerNextWith: (next) => scripted.push(next),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const text = await bodyOf(request);
    const projectId = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'POST' || projectId === undefined) {
      return json(response, 404, rpcError(404, 'NOT_FOUND', `no route ${request.url}`));
    }
    const accessToken = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (accessToken === undefined || !isGranted(accessToken)) {
      peer.unauthorized += 1;
      const message = 'Request had invalid authentication credentials.';
      return json(response, 401, rpcError(401, 'UNAUTHENTICATED', message));
    }
    if (request.headers['content-type'] !== 'application/json') {
      return json(response, 400, rpcError(400, 'INVALID_ARGUMENT', 'not JSON'));
    }
    peer.received.push({ projectId, accessToken, body: JSON.parse(text) });
    const next = scripted.shift();
    if (next && 'hang' in next) return;
    if (next && typeof next.body === 'string') {
      response.writeHead(next.status, { 'content-type': 'text/html', ...next.headers });
      return void response.end(next.body);
    }
    if (next) return json(response, next.status, next.body, next.headers);
    json(response, 200, { name: `projects/${projectId}/messages/${peer.received.length}` });
  }

  return peer;
}

/** A google.rpc.Status error body as FCM sends it; `errorCode` adds an FcmError detail. */
export function rpcError(
  code: number,
  status: string,
  message: string,
  errorCode?: string,
  extraDetails: object[] = [],
): object {
  const fcmError = errorCode
    ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }]
    : [];
  return { error: { code, message, status, details: [...fcmError, ...extraDetails] } };
}
