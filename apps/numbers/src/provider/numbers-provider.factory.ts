import { Logger } from '@nestjs/common';
import { TwilioRestClient } from '@clarion/providers';
import { NumbersEnv } from '../numbers.env';
import { NumbersProvider } from './numbers-provider';
import { HeldNumbers, SandboxNumbersProvider } from './sandbox/sandbox-numbers.provider';
import { TwilioNumbersProvider } from './twilio/twilio-numbers.provider';

/** Twilio when its credentials are configured, the sandbox inventory otherwise. */
export function numbersProviderOf(env: NumbersEnv, heldAmong: HeldNumbers): NumbersProvider {
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN } = env;
  if (TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN) {
    return new TwilioNumbersProvider(
      new TwilioRestClient({
        baseUrl: env.TWILIO_BASE_URL,
        accountSid: TWILIO_ACCOUNT_SID,
        authToken: TWILIO_AUTH_TOKEN,
      }),
    );
  }
  new Logger('NumbersProvider').debug(
    'No telephony provider is configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN): numbers come from the sandbox inventory and orders are recorded, not bought',
  );
  return new SandboxNumbersProvider(heldAmong);
}
