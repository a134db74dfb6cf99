import { BaseEnv, DatabaseEnv, loadEnv } from '@clarion/config';

/** A service environment for a test: the test infrastructure, a namespace, and quiet logs. */
export function testEnv<T extends BaseEnv>(
  envClass: new () => T,
  overrides: { namespace: string; databaseUrl?: string; [key: string]: string | undefined },
): T {
  const { namespace, databaseUrl, ...rest } = overrides;
  return loadEnv(envClass, {
    NATS_URL: process.env['NATS_URL'],
    DATABASE_URL: databaseUrl ?? process.env['DATABASE_URL'],
    CLARION_NAMESPACE: namespace,
    LOG_LEVEL: 'error',
    HEALTH_PORT: '0',
    // delivery-workers' SMTP listener: a free port, so parallel suites never share one.
    EMAIL_INBOUND_PORT: '0',
    ...rest,
  });
}

export type { DatabaseEnv };
