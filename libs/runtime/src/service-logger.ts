import { BaseEnv } from '@clarion/config';
import { StructuredLogger } from '@clarion/observability';

export function serviceLogger(service: string, env: BaseEnv): StructuredLogger {
  return new StructuredLogger({ service, format: env.LOG_FORMAT, level: env.LOG_LEVEL });
}
