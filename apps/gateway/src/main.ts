import './tracing';
import { Logger } from '@nestjs/common';
import { loadEnv } from '@clarion/config';
import { stopOnSignals } from '@clarion/runtime';
import { GatewayEnv } from './gateway.env';
import { createGatewayApp } from './http/create-gateway-app';
import { InFlightRequests } from './http/in-flight-requests';

async function main(): Promise<void> {
  const started = Date.now();
  const env = loadEnv(GatewayEnv);
  const app = await createGatewayApp(env);
  const inFlight = new InFlightRequests(app);
  stopOnSignals(app, () => inFlight.finish(), env);
  await app.listen(env.GATEWAY_PORT, '0.0.0.0');
  new Logger('gateway').log(
    `ready in ${Date.now() - started} ms, listening on :${env.GATEWAY_PORT}`,
  );
}

main().catch((error: unknown) => {
  new Logger('gateway').error(error instanceof Error ? error : String(error), 'boot failed');
  process.exit(1);
});
