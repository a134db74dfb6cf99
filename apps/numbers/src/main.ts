import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { NumbersEnv } from './numbers.env';
import { NumbersModule } from './numbers.module';

const env = loadEnv(NumbersEnv);
void runService({
  name: 'numbers',
  module: NumbersModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
