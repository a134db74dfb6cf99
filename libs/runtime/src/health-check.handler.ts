import { INestApplicationContext } from '@nestjs/common';
import { healthCheckRequest, HealthReply, ServiceName } from '@clarion/contracts';
import { RequestHandlerRegistrar } from '@clarion/messaging';
import { ReadinessRegistry } from '@clarion/observability';

/** Answers `<service>.health.check`, which the gateway's GET /status asks every service. */
export function answerHealthChecks(
  app: INestApplicationContext,
  service: ServiceName,
  readiness: ReadinessRegistry,
): void {
  app
    .get(RequestHandlerRegistrar, { strict: false })
    .register(
      { subject: healthCheckRequest(service).subject, traced: false },
      async (): Promise<HealthReply> => ({
        service,
        ...(await readiness.evaluate()),
      }),
    );
}
