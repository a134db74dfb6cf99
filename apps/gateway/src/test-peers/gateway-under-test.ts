import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadEnv } from '@clarion/config';
import { InjectOptions, LightMyRequestResponse } from 'fastify';
import { GatewayEnv } from '../gateway.env';
import { createGatewayApp } from '../http/create-gateway-app';
import { InFlightRequests } from '../http/in-flight-requests';

export interface GatewayUnderTest {
  /** Stops listening and answers what is in flight, as a SIGTERM does (see InFlightRequests). */
  finishInFlightRequests(graceMs?: number): Promise<void>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Listens on a free loopback port, for what only a real socket shows; answers the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/** The gateway app in-process, in a test namespace, with `env` over the defaults. */
export async function startGateway(
  namespace: string,
  env: Record<string, string> = {},
): Promise<GatewayUnderTest> {
  const app: NestFastifyApplication = await createGatewayApp(
    loadEnv(GatewayEnv, {
      NATS_URL: process.env['NATS_URL'],
      CLARION_NAMESPACE: namespace,
      LOG_LEVEL: 'error',
      ...env,
    }),
  );
  const inFlight = new InFlightRequests(app);
  await app.init();
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.ready();
  return {
    finishInFlightRequests: (graceMs) => inFlight.finish(graceMs),
    inject: (options) => fastify.inject(options),
    listen: async () => {
      await app.listen(0, '127.0.0.1');
      const address = app.getHttpServer().address();
      return typeof address === 'object' && address !== null ? address.port : 0;
    },
    close: () => app.close(),
  };
}
