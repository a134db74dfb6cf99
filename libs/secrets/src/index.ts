export * from './is-master-keys';
export * from './master-keyring';
export * from './sealed-secret.error';
export * from './secret-sealer';
