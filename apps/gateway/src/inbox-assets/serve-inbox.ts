import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO_INBOX_CSP, demoInboxPage } from './demo-inbox-page';

/** On every page and asset: never sniffed as another type, never framed (clickjacking). */
const HARDENING_HEADERS = { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' };

/** Compiled, the gateway runs from dist/apps/gateway/src/…; under Jest, from its sources. */
const ASSET_DIRS = [
  resolve(__dirname, '../../../../inbox'),
  resolve(__dirname, '../../../../dist/inbox'),
];

/** The built inbox (tools/build-inbox.mjs), or undefined before the first build. */
export function inboxAssetsDir(): string | undefined {
  return ASSET_DIRS.find((dir) => existsSync(resolve(dir, 'clarion-inbox.iife.js')));
}

/**
 * Serves the embeddable inbox's bundles at /inbox/* (cached for five minutes: the names carry
 * no content hash) and the service worker with `Service-Worker-Allowed: /`, so a page of the
 * gateway registers it for the whole origin; and the demo page at /demo/inbox that embeds the
 * inbox for the user its query names, under a strict Content-Security-Policy. Source maps are
 * built (for developers) but never served: they would publish the sources. Plain Fastify routes:
 * they take no credentials and are not operations of the API.
 */
export async function serveInbox(app: NestFastifyApplication, publicUrl: string): Promise<void> {
  const dir = inboxAssetsDir();
  if (dir !== undefined) {
    await app.register(fastifyStatic, {
      root: dir,
      prefix: '/inbox/',
      decorateReply: false,
      // One route per built file: a missing one is a plain 404 (a wildcard route would make the
      // error filter answer 405, the path having a GET).
      wildcard: false,
      index: false,
      dotfiles: 'ignore',
      globIgnore: ['**/*.map'],
      maxAge: '5m',
      setHeaders: (reply, path) => {
        for (const [name, value] of Object.entries(HARDENING_HEADERS)) reply.header(name, value);
        if (path.endsWith('.js')) reply.header('content-type', 'text/javascript; charset=utf-8');
        if (path.endsWith('/clarion-sw.js')) {
          reply.header('service-worker-allowed', '/');
          // A worker's script is checked for updates by the browser; never serve a stale one.
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }
  app
    .getHttpAdapter()
    .getInstance()
    .get('/demo/inbox', (request, reply) => {
      const query = request.query as Record<string, string | string[] | undefined>;
      const first = (name: string) => [query[name]].flat()[0];
      void reply
        .headers(HARDENING_HEADERS)
        .header('content-security-policy', DEMO_INBOX_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          demoInboxPage({
            publicUrl,
            built: dir !== undefined,
            clientId: first('clientId'),
            userId: first('userId'),
            hmac: first('hmac'),
            theme: first('theme'),
          }),
        );
    });
}
