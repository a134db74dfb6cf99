import { startTelemetry } from '@clarion/observability';

startTelemetry('billing');
