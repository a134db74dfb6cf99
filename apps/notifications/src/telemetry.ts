import { startTelemetry } from '@clarion/observability';

startTelemetry('notifications');
