import { FastifyInstance } from 'fastify';
import { pathOf } from './request-path';

/**
 * The operations a browser makes for its end user: /user/* (inbox, realtime stream, preferences),
 * GET /users/account-metadata and the hosted service's /{clientId}/users/{userId} routes.
 */
const END_USER_PATHS = [
  /^\/user\//,
  /^\/users\/account-metadata$/,
  /^\/[^/]+\/users\/[^/]+(\/notifications\/INAPP_WEB)?$/,
];

/**
 * Lets pages of any origin call the end-user operations, so the embeddable inbox works on the
 * customer's site and not only on the gateway's: their credentials travel in the Authorization
 * header or a stream token, never in cookies, so no origin gains anything another lacks. Set on
 * the raw response, because the realtime stream writes its own head.
 */
export function allowEndUserCors(instance: FastifyInstance): void {
  instance.addHook('onRequest', (request, reply, done) => {
    const path = pathOf(request.url);
    if (request.headers.origin === undefined || !END_USER_PATHS.some((p) => p.test(path)))
      return done();
    reply.raw.setHeader('access-control-allow-origin', '*');
    reply.raw.setHeader('access-control-expose-headers', 'retry-after');
    if (request.method !== 'OPTIONS') return done();
    void reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, PATCH, DELETE')
      .header('access-control-allow-headers', 'authorization, content-type, last-event-id')
      .header('access-control-max-age', '600')
      .send();
  });
}
