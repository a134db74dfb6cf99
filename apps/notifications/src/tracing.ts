import { startTracing } from '@clarion/observability';

startTracing('notifications');
