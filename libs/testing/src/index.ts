export * from './boot-service';
export * from './eventually';
export * from './free-port';
export * from './test-database';
export * from './test-env';
export * from './test-namespace';
export * from './otlp-receiver';
export * from './running-system';
