import { startTelemetry } from '@clarion/observability';

startTelemetry('voice');
