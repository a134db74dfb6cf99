import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PhoneNumberRef } from './order-phone-number.dto';
import { E164_PATTERN } from './phone-number-rules';

/** The voice service binds an active number to one of the account's agents (inbound calls). */
export class BindPhoneNumberRequest extends PhoneNumberRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  agentId!: string;
}

/** Unbinds one number of an agent, or every number of it when `phoneNumber` is absent. */
export class UnbindPhoneNumbersRequest {
  @IsUUID()
  accountId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  agentId!: string;

  @IsOptional()
  @Matches(E164_PATTERN)
  phoneNumber?: string;
}

export interface UnbindPhoneNumbersReply {
  /** The numbers that were bound to the agent and are not any more. */
  phoneNumbers: string[];
}
