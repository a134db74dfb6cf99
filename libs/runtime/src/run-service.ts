import { DynamicModule, INestApplicationContext, Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { BaseEnv } from '@clarion/config';
import { ServiceName } from '@clarion/contracts';
import { startHealthServer } from '@clarion/observability';
import { answerHealthChecks } from './health-check.handler';
import { collectReadinessChecks } from './readiness-checks';
import { serviceLogger } from './service-logger';
import { stopOnSignals } from './shutdown';

export interface RunServiceOptions {
  name: ServiceName;
  module: DynamicModule;
  env: BaseEnv;
  healthPort: number;
}

/**
 * Boots a service that talks only over NATS: its Nest context, liveness/readiness endpoints for
 * Kubernetes, and a clean stop on SIGINT/SIGTERM.
 */
export async function runService(
  options: RunServiceOptions,
): Promise<INestApplicationContext | undefined> {
  try {
    return await bootService(options);
  } catch (error) {
    new Logger(options.name).error(error instanceof Error ? error : String(error), 'boot failed');
    process.exit(1);
  }
}

async function bootService(options: RunServiceOptions): Promise<INestApplicationContext> {
  const started = Date.now();
  const app = await NestFactory.createApplicationContext(options.module, {
    logger: serviceLogger(options.name, options.env),
  });
  const readiness = collectReadinessChecks(app);
  answerHealthChecks(app, options.name, readiness);
  const healthServer = await startHealthServer(options.healthPort, readiness);
  stopOnSignals(app, () => void healthServer.close(), options.env);
  new Logger(options.name).log(
    `ready in ${Date.now() - started} ms (health on :${options.healthPort})`,
  );
  return app;
}
