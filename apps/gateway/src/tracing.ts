import { startTracing } from '@clarion/observability';

startTracing('gateway');
