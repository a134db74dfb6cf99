import { INestApplicationContext } from '@nestjs/common';
import { MessagingReadiness } from '@clarion/messaging';
import { ReadinessRegistry } from '@clarion/observability';
import { DatabaseReadiness } from '@clarion/persistence';

/** Readiness of a service: NATS and handlers always, the database when the service has one. */
export function collectReadinessChecks(app: INestApplicationContext): ReadinessRegistry {
  const registry = new ReadinessRegistry();
  const messaging = app.get(MessagingReadiness, { strict: false });
  registry.register('nats', () => messaging.isReady());
  const database = optional(() => app.get(DatabaseReadiness, { strict: false }));
  if (database) registry.register('database', () => database.isReady());
  return registry;
}

function optional<T>(lookup: () => T): T | undefined {
  try {
    return lookup();
  } catch {
    return undefined;
  }
}
