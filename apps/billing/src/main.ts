import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { BillingEnv } from './billing.env';
import { BillingModule } from './billing.module';

const env = loadEnv(BillingEnv);
void runService({
  name: 'billing',
  module: BillingModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
