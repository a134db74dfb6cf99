import './telemetry';
import { INestApplicationContext, Logger } from '@nestjs/common';
import { loadEnv } from '@clarion/config';
import { MessagingReadiness } from '@clarion/messaging';
import { ReadinessRegistry, startHealthServer } from '@clarion/observability';
import { stopOnSignals } from '@clarion/runtime';
import { GatewayEnv } from './gateway.env';
import { createGatewayApp } from './http/create-gateway-app';
import { InFlightRequests } from './http/in-flight-requests';

async function main(): Promise<void> {
  const started = Date.now();
  const env = loadEnv(GatewayEnv);
  const app = await createGatewayApp(env);
  const inFlight = new InFlightRequests(app);
  const healthServer = await startHealthServer(env.HEALTH_PORT, readinessOf(app));
  stopOnSignals(
    app,
    async () => {
      healthServer.close();
      await inFlight.finish();
    },
    env,
  );
  await app.listen(env.GATEWAY_PORT, '0.0.0.0');
  new Logger('gateway').log(
    `ready in ${Date.now() - started} ms, listening on :${env.GATEWAY_PORT} (health and metrics on :${env.HEALTH_PORT})`,
  );
}

/** The gateway keeps no database: it is ready while it reaches NATS. */
function readinessOf(app: INestApplicationContext): ReadinessRegistry {
  const registry = new ReadinessRegistry();
  const messaging = app.get(MessagingReadiness);
  registry.register('nats', () => messaging.isReady());
  return registry;
}

main().catch((error: unknown) => {
  new Logger('gateway').error(error instanceof Error ? error : String(error), 'boot failed');
  process.exit(1);
});
