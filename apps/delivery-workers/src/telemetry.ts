import { startTelemetry } from '@clarion/observability';

startTelemetry('delivery-workers');
