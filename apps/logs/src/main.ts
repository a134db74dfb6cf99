import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { LogsEnv } from './logs.env';
import { LogsModule } from './logs.module';

const env = loadEnv(LogsEnv);
void runService({
  name: 'logs',
  module: LogsModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
