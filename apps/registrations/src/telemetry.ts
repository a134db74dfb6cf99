import { startTelemetry } from '@clarion/observability';

startTelemetry('registrations');
