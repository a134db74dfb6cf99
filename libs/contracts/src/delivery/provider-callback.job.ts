import { IsIn, IsISO8601 } from 'class-validator';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

export const TWILIO_CALLBACK_KINDS = ['sms-status', 'call-status', 'sms-inbound'] as const;
export type TwilioCallbackKind = (typeof TWILIO_CALLBACK_KINDS)[number];

/**
 * A provider's callback (delivery receipt, call outcome, inbound text) as the gateway received
 * and authenticated it; delivery-workers turn it into events (`delivery.callbacks`).
 */
export class ProviderCallbackJob {
  @IsIn(['twilio'])
  provider!: 'twilio';

  @IsIn(TWILIO_CALLBACK_KINDS)
  kind!: TwilioCallbackKind;

  @IsPlainObject()
  params!: Record<string, string>;

  @IsISO8601()
  receivedAt!: string;
}
