import {
  ClientHttp2Session,
  connect,
  constants,
  IncomingHttpHeaders,
  OutgoingHttpHeaders,
} from 'node:http2';

/** A complete HTTP/2 response. */
export interface Http2Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The peer did not answer within the stream timeout. */
export class Http2TimeoutError extends Error {}

/** HTTP/2 requests over one long-lived session per origin, as APNs asks of its providers. */
export class Http2Sessions {
  private readonly sessions = new Map<string, ClientHttp2Session>();

  constructor(private readonly timeoutMs: number) {}

  /**
   * Sends one request. When the session had stopped taking streams (closed, GOAWAY, refused
   * stream) the request never reached the peer, so it goes once more on a fresh session.
   */
  async request(origin: string, headers: OutgoingHttpHeaders, body: string): Promise<Http2Answer> {
    const session = this.sessionFor(origin);
    try {
      return await exchange(session, headers, body, this.timeoutMs);
    } catch (error) {
      if (!neverReachedPeer(error)) throw error;
      this.forget(origin, session);
      return exchange(this.sessionFor(origin), headers, body, this.timeoutMs);
    }
  }

  async close(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(
      sessions
        .filter((session) => !session.closed && !session.destroyed)
        .map((session) => new Promise<void>((resolve) => session.close(resolve))),
    );
  }

  private sessionFor(origin: string): ClientHttp2Session {
    const existing = this.sessions.get(origin);
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const session = connect(origin);
    const forgetThis = () => this.forget(origin, session);
    // Without an 'error' listener a failed connection would crash the process; the streams on
    // the session fail on their own and report it.
    session.on('error', forgetThis);
    session.on('goaway', forgetThis);
    session.on('close', forgetThis);
    this.sessions.set(origin, session);
    return session;
  }

  private forget(origin: string, session: ClientHttp2Session): void {
    if (this.sessions.get(origin) === session) this.sessions.delete(origin);
  }
}

class StreamRefusedError extends Error {}

function neverReachedPeer(error: unknown): boolean {
  if (error instanceof StreamRefusedError) return true;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ERR_HTTP2_INVALID_SESSION' || code === 'ERR_HTTP2_GOAWAY_SESSION';
}

function exchange(
  session: ClientHttp2Session,
  headers: OutgoingHttpHeaders,
  body: string,
  timeoutMs: number,
): Promise<Http2Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request(headers);
    let response: IncomingHttpHeaders | undefined;
    let failure: Error | undefined;
    const chunks: Buffer[] = [];
    stream.setTimeout(timeoutMs, () => {
      failure ??= new Http2TimeoutError(`no answer within ${timeoutMs} ms`);
      stream.close(constants.NGHTTP2_CANCEL);
    });
    stream.on('response', (responseHeaders) => {
      response = responseHeaders;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', (error: Error) => {
      failure ??= error;
    });
    stream.on('close', () => {
      if (stream.rstCode === constants.NGHTTP2_REFUSED_STREAM) {
        return reject(new StreamRefusedError('stream refused'));
      }
      if (failure !== undefined) return reject(failure);
      if (response === undefined) {
        return reject(new Error(`stream closed without an answer (code ${stream.rstCode})`));
      }
      resolve({
        status: Number(response[':status']),
        headers: response,
        body: Buffer.concat(chunks).toString('utf8'),
      });
    });
    stream.end(body);
  });
}
