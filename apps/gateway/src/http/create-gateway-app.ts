import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { newTimeOrderedId } from '@clarion/contracts';
import { serviceLogger } from '@clarion/runtime';
import { ErrorEnvelopeFilter } from '../errors/error-envelope.filter';
import { contractValidationPipe } from '../errors/validation-pipe';
import { GatewayEnv } from '../gateway.env';
import { GatewayModule } from '../gateway.module';
import { setupOpenApi } from '../openapi/setup-openapi';
import { answerClientError, answerFrameworkError } from './framework-errors';
import { parseJsonAllowingEmptyBodies } from './json-body-parser';
import { parseQueryString } from './query-string';
import { refuseUnstorableText } from './storable-text.hook';
import { drainUnreadBodies } from './unread-bodies';
import { observeRequests } from './request-telemetry';
import { trustProxyOf } from './trust-proxy';
import { forwardMediaUpgrades } from '../voice/media-upgrade-forwarder';
import { serveInbox } from '../inbox-assets/serve-inbox';
import { allowEndUserCors } from './end-user-cors';
import { InboxStreams } from '../inapp/inbox-streams';

/**
 * The gateway's HTTP application: Fastify, a UUIDv7 trackingId per request (it becomes the
 * trackingId of a send and of any error), contract validation, the error envelope everywhere.
 */
export async function createGatewayApp(env: GatewayEnv): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    bodyLimit: env.BODY_LIMIT_BYTES,
    // GET /logs/{trackingIds} takes 25 comma-separated ids (about 950 characters) in one segment.
    routerOptions: { maxParamLength: 2_048, querystringParser: parseQueryString },
    genReqId: () => newTimeOrderedId(),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    logger: false,
    // Errors raised before any route runs also answer as the error object.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A request arriving on a keep-alive connection while the gateway stops is still served
    // (with Connection: close), not refused with Fastify's own 503 body.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    GatewayModule.forRoot(env),
    adapter,
    {
      logger: serviceLogger('gateway', env),
    },
  );
  observeRequests(app.getHttpAdapter().getInstance());
  app.useGlobalFilters(new ErrorEnvelopeFilter());
  app.useGlobalPipes(contractValidationPipe());
  // Bodies are JSON only: other media types answer 415 instead of reaching validation as text.
  app.getHttpAdapter().getInstance().removeContentTypeParser(['text/plain']);
  parseJsonAllowingEmptyBodies(app);
  refuseUnstorableText(app.getHttpAdapter().getInstance());
  drainUnreadBodies(app.getHttpAdapter().getInstance());
  setupOpenApi(app, env.PUBLIC_URL);
  forwardMediaUpgrades(app.getHttpServer(), env.VOICE_MEDIA_URL);
  allowEndUserCors(app.getHttpAdapter().getInstance());
  await serveInbox(app, env.PUBLIC_URL);
  // Open in-app streams never end on their own: a stop asks them to reconnect elsewhere first,
  // before the server waits for the requests in flight.
  const streams = app.get(InboxStreams);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preClose', () => streams.drain());
  return app;
}
