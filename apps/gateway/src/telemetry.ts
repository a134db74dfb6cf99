import { startTelemetry } from '@clarion/observability';

startTelemetry('gateway');
