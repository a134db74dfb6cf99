export * from './health/health-server';
export * from './health/readiness.registry';
export * from './logging/structured-logger';
export * from './tracing/start-tracing';
