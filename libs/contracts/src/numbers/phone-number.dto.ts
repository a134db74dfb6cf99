import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  NUMBER_A2P_STATUSES,
  NUMBER_BILLING_STATUSES,
  NUMBER_FEATURES,
  NumberA2pStatus,
  NumberBillingStatus,
  NumberFeature,
  NumbersProviderName,
} from './phone-number-rules';

/** A number of the account (records.md ListPhoneNumbersResponseNumbersInner). */
export class PhoneNumberDto {
  @ApiProperty({ example: '+14155550123', description: 'E.164' })
  phoneNumber!: string;

  @ApiPropertyOptional({ example: '(415) 555-0123', description: "The provider's name for it" })
  label?: string;

  @ApiProperty({
    description: 'When the account ordered it (kept when it reactivates a released number)',
  })
  createdAt!: string;

  @ApiProperty({ example: 'US', description: 'ISO 3166-1 alpha-2 country code' })
  countryCode!: string;

  @ApiProperty({ example: 'local', description: 'e.g. local, toll_free' })
  numberType!: string;

  @ApiProperty({ enum: NUMBER_BILLING_STATUSES })
  billingStatus!: NumberBillingStatus;

  @ApiProperty({
    description:
      'Active: when the next month is charged (monthly from createdAt). Released: when the month already paid ends; nothing is charged then unless the number is reactivated',
  })
  nextBillingDate!: string;

  @ApiProperty({ example: 1.15, description: 'USD per month' })
  monthlyPrice!: number;

  @ApiPropertyOptional({
    enum: NUMBER_A2P_STATUSES,
    description:
      'US numbers: pending until a 10DLC campaign covers them; sandbox numbers: testing. Absent elsewhere',
  })
  a2pStatus?: NumberA2pStatus;

  @ApiPropertyOptional({ description: 'When it was released (released numbers only)' })
  releasedAt?: string;

  @ApiPropertyOptional({ description: 'The voice agent inbound calls to it go to, when bound' })
  boundAgentId?: string;

  @ApiProperty({ enum: NUMBER_FEATURES, isArray: true })
  features!: NumberFeature[];

  @ApiProperty({ enum: ['twilio', 'sandbox'] })
  provider!: NumbersProviderName;
}

/** Answer of GET /numbers/list (records.md ListPhoneNumbersResponse). */
export class ListPhoneNumbersResponseDto {
  @ApiProperty({ type: [PhoneNumberDto], description: 'Active numbers, oldest first' })
  numbers!: PhoneNumberDto[];

  @ApiProperty({
    example: '+15005550006',
    description: 'E.164 shared number the account can send from when it has no dedicated number',
  })
  sharedNumber!: string;
}

/** Answer of GET /numbers/released (records.md ListReleasedPhoneNumbersResponse). */
export class ListReleasedPhoneNumbersResponseDto {
  @ApiProperty({
    type: [PhoneNumberDto],
    description: 'Numbers released less than 2 weeks ago, newest release first',
  })
  numbers!: PhoneNumberDto[];
}
