import { startTracing } from '@clarion/observability';

startTracing('logs');
