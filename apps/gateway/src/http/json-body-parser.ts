import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyBodyParser, FastifyInstance } from 'fastify';
import { assertWithinJsonLimits } from './json-limits';

/**
 * JSON bodies as Fastify parses them, except that an empty body is no body: clients (the hosted
 * service's SDK among them) send `Content-Type: application/json` on every request, bodiless
 * DELETEs included, and an empty body is not broken JSON. A non-empty body that does not parse
 * still fails as Fastify's invalid-JSON error, which the gateway answers as 400 INVALID_JSON; a
 * body beyond the JSON limits (depth, keys, items) is a 400 before anything else reads it.
 */
export function jsonOrNoBody(fastify: FastifyInstance): FastifyBodyParser<string> {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  return (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    // Fastify's own JSON parser answers through done; it returns nothing to wait for.
    void parseJson(request, body, (error, parsed) => {
      if (error) {
        done(error, undefined);
        return;
      }
      try {
        assertWithinJsonLimits(parsed);
      } catch (breach) {
        done(breach as Error, undefined);
        return;
      }
      done(null, parsed);
    });
  };
}

/** Puts {@link jsonOrNoBody} in place of the JSON parser Nest registers. */
export function parseJsonAllowingEmptyBodies(app: NestFastifyApplication): void {
  const adapter = app.getHttpAdapter();
  // Nest adds its JSON and form parsers when the app initialises, once; added now, the JSON one
  // can be replaced (the form parser, which provider callbacks need, stays).
  adapter.registerParserMiddleware();
  const fastify = adapter.getInstance();
  fastify.removeContentTypeParser(['application/json']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, jsonOrNoBody(fastify));
}
