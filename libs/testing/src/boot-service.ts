import { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { StructuredLogger } from '@clarion/observability';

/** Boots a service's module in-process, as main.ts would, with only errors logged. */
export async function bootService(module: DynamicModule): Promise<INestApplicationContext> {
  return NestFactory.createApplicationContext(module, {
    logger: new StructuredLogger({ service: 'test', format: 'pretty', level: 'error' }),
  });
}
