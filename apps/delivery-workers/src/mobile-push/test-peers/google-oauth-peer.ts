import { KeyObject } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { bodyOf, json } from '../../delivery/test-peers/http-peer-io';
import { verifiedJwt } from './verified-jwt';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A Google OAuth 2.0 token endpoint for one service account, on loopback. */
export interface GoogleOAuthPeer {
  tokenUrl: string;
  /** Token requests received, granted or not. */
  exchanges: number;
  /** Why requests were refused (empty when every assertion was right). */
  refusals: string[];
  isGranted(accessToken: string): boolean;
  /** Every access token granted so far stops working. */
  revokeAll(): void;
  /** The next token request gets this answer instead of a token. */
  answerNextWith(status: number, body: object, headers?: Record<string, string>): void;
  close(): Promise<void>;
}

export async function startGoogleOAuthPeer(
  serviceAccount: { clientEmail: string; publicKey: KeyObject },
  expiresIn = 3600,
): Promise<GoogleOAuthPeer> {
  const granted = new Set<string>();
  const scripted: { status: number; body: object; headers?: Record<string, string> }[] = [];
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
  const peer: GoogleOAuthPeer = {
    tokenUrl,
    exchanges: 0,
    refusals: [],
    isGranted: (accessToken) => granted.has(accessToken),
    revokeAll: () => granted.clear(),
    answerNextWith: (status, body, headers) => scripted.push({ status, body, headers }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    peer.exchanges += 1;
    const form = new URLSearchParams(await bodyOf(request));
    const refusal = refusalOf(request, form);
    const next = scripted.shift();
    if (refusal) peer.refusals.push(refusal);
    if (refusal || next) {
      const { status, body, headers } = next ?? {
        status: 400,
        body: { error: 'invalid_grant', error_description: refusal },
      };
      return json(response, status, body, headers);
    }
    const accessToken = `ya29.peer-${peer.exchanges}`;
    granted.add(accessToken);
    json(response, 200, { access_token: accessToken, expires_in: expiresIn, token_type: 'Bearer' });
  }

  function refusalOf(request: IncomingMessage, form: URLSearchParams): string | undefined {
    if (request.method !== 'POST') return `method ${request.method}`;
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return `content-type ${request.headers['content-type']}`;
    }
    if (form.get('grant_type') !== JWT_BEARER_GRANT) return `grant_type ${form.get('grant_type')}`;
    try {
      const { claims } = verifiedJwt(
        form.get('assertion') ?? '',
        'RS256',
        serviceAccount.publicKey,
      );
      const { iss, scope, aud, iat, exp } = claims;
      const nowS = Date.now() / 1000;
      if (iss !== serviceAccount.clientEmail) return `iss ${String(iss)}`;
      if (scope !== FCM_SCOPE) return `scope ${String(scope)}`;
      if (aud !== tokenUrl) return `aud ${String(aud)}`;
      // Google allows a few minutes of clock skew.
      if (typeof iat !== 'number' || Math.abs(iat - nowS) > 300) return `iat ${String(iat)}`;
      if (exp !== iat + 3600) return `exp ${String(exp)}`;
      return undefined;
    } catch (error) {
      return `assertion: ${(error as Error).message}`;
    }
  }

  return peer;
}
