/** Injection tokens of the provider adapters chosen from configuration at boot. */
export const EMAIL_PROVIDER = Symbol('EMAIL_PROVIDER');
export const SMS_PROVIDER = Symbol('SMS_PROVIDER');
export const CALL_PROVIDER = Symbol('CALL_PROVIDER');
/** The deployment's Slack app (SlackApp), or null when SLACK_CLIENT_ID is unset. */
export const SLACK_APP = Symbol('SLACK_APP');
