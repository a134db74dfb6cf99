import { startTelemetry } from '@clarion/observability';

startTelemetry('logs');
