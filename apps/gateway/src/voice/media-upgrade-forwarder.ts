import { IncomingMessage, Server } from 'node:http';
import { connect, Socket } from 'node:net';
import { Duplex } from 'node:stream';

const MEDIA_PREFIX = '/voice/media/';

/**
 * Call media websockets (`/voice/media/{trackingId}`) are the voice service's: the gateway hands
 * each upgrade request to VOICE_MEDIA_URL as it came and then splices the two connections, so
 * audio frames pass through untouched. The voice service checks the call's token. Any other
 * upgrade is a 404.
 */
export function forwardMediaUpgrades(server: Server, voiceMediaUrl: string): void {
  const target = new URL(voiceMediaUrl);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  server.on('upgrade', (request: IncomingMessage, client: Duplex, head: Buffer) => {
    if (!request.url?.startsWith(MEDIA_PREFIX)) {
      client.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, target.hostname, () => {
      upstream.write(requestHeadOf(request));
      if (head.length > 0) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    upstream.setNoDelay(true);
    upstream.once('error', () => refuse(client, upstream));
    client.once('error', () => upstream.destroy());
    client.once('close', () => upstream.destroy());
  });
}

/** The upgrade request as the client sent it, with who sent it added. */
function requestHeadOf(request: IncomingMessage): string {
  const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/1.1`];
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    lines.push(`${request.rawHeaders[index]}: ${request.rawHeaders[index + 1]}`);
  }
  lines.push(`X-Forwarded-For: ${request.socket.remoteAddress ?? 'unknown'}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** The voice service cannot be reached: 502 when nothing was relayed yet. */
function refuse(client: Duplex, upstream: Socket): void {
  if (upstream.bytesRead === 0 && client.writable) {
    client.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  } else {
    client.destroy();
  }
}
