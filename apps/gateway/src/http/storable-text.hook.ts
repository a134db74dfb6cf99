import { FastifyInstance } from 'fastify';
import { assertWellFormedQuery } from './query-string';
import { assertStorableRequest } from './unstorable-text';

/**
 * Once a request is parsed and before any route runs: a query string with broken escapes, and text
 * nothing downstream could store, are a 400 here, instead of an accepted send that is never
 * delivered or a 500 from the database. A Fastify hook rather than a Nest interceptor: an
 * interceptor puts every request through RxJS and two AsyncResource bindings (≈ 3 % of the
 * gateway's CPU under the send benchmark), a hook is one call.
 */
export function refuseUnstorableText(fastify: FastifyInstance): void {
  fastify.addHook('preHandler', (request, _reply, done) => {
    try {
      assertWellFormedQuery(request.query);
      assertStorableRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
