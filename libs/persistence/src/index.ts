export * from './data-source-options';
export * from './database-readiness';
export * from './ensure-database';
export * from './persistence.module';
export * from './run-migrations';
export * from './advisory-lock';
export * from './region-stamp';
