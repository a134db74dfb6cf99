import './telemetry';
import { loadEnv } from '@clarion/config';
import { runService } from '@clarion/runtime';
import { NotificationsEnv } from './notifications.env';
import { NotificationsModule } from './notifications.module';

const env = loadEnv(NotificationsEnv);
void runService({
  name: 'notifications',
  module: NotificationsModule.forRoot(env),
  env,
  healthPort: env.HEALTH_PORT,
});
