import { toE164 } from '@clarion/contracts';

/**
 * Where an SMS or call goes, keyed as Twilio writes numbers (E.164), so that inbound texts and
 * STOP find the attempt whichever way the user's number was written.
 */
export function phoneAddressesOf(number: string | undefined): { address: string }[] {
  return number ? [{ address: toE164(number) ?? number }] : [];
}
