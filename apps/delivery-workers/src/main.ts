import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { DeliveryWorkersEnv } from './delivery-workers.env';
import { DeliveryWorkersModule } from './delivery-workers.module';

const env = loadEnv(DeliveryWorkersEnv);
void runService({
  name: 'delivery-workers',
  module: DeliveryWorkersModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
