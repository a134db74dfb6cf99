export * from './address-policy';
export * from './outbound-guard';
export * from './outbound-url-refused.error';
