import { startTracing } from '@clarion/observability';

startTracing('billing');
