export * from './readiness-checks';
export * from './run-service';
export * from './service-logger';
export * from './shutdown';
export * from './health-check.handler';
export * from './messaging-for';
export * from './expiring-cache';
export * from './write-coalescer';
