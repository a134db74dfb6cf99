import { startTelemetry } from '@clarion/observability';

startTelemetry('numbers');
