export * from './base-env';
export * from './load-env';
export * from './is-production-secret';
export * from './region-urls';
export * from './nats-servers';
