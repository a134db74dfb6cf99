import { startTracing } from '@clarion/observability';

startTracing('voice');
