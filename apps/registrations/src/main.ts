import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { RegistrationsEnv } from './registrations.env';
import { RegistrationsModule } from './registrations.module';

const env = loadEnv(RegistrationsEnv);
void runService({
  name: 'registrations',
  module: RegistrationsModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
