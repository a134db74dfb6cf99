import { FastifyInstance } from 'fastify';

/** How long an answered connection keeps reading a body it will not use before it is cut. */
export const UNREAD_BODY_LINGER_MS = 5_000;

/**
 * An answer given before the body was read (413 for a body over the limit, a refusal before
 * parsing): Fastify closes the connection with it, so a client still sending its body gets a
 * TCP reset, which on Linux discards the answer waiting in its receive buffer, and it sees a
 * reset instead of the 413. Here the connection stays open and Node reads and discards the rest
 * of the body (a "lingering close"), for at most `lingerMs`, then it is cut.
 */
export function drainUnreadBodies(
  fastify: FastifyInstance,
  lingerMs = UNREAD_BODY_LINGER_MS,
): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const incoming = request.raw;
    if (!incoming.complete && reply.getHeader('connection') === 'close') {
      void reply.removeHeader('connection');
      // Destroying a request whose body is unfinished destroys its connection.
      const cut = setTimeout(() => incoming.destroy(), lingerMs);
      cut.unref();
      incoming.once('end', () => clearTimeout(cut));
      incoming.once('close', () => clearTimeout(cut));
    }
    done(null, payload);
  });
}
