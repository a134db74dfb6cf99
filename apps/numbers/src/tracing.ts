import { startTracing } from '@clarion/observability';

startTracing('numbers');
