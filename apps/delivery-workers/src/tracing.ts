import { startTracing } from '@clarion/observability';

startTracing('delivery-workers');
