export * from './twilio/twilio-rest.client';
export * from './twilio/twilio-error';
export * from './twilio/twilio-signature';
