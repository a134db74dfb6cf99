import { startTracing } from '@clarion/observability';

startTracing('registrations');
