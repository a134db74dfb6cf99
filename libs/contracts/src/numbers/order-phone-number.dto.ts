import { ApiProperty } from '@nestjs/swagger';
import { IsUUID, Matches } from 'class-validator';
import { E164_MESSAGE, E164_PATTERN, NumbersProviderName } from './phone-number-rules';

/** Body of POST /numbers/order (NumbersOrderNumber). */
export class OrderPhoneNumberDto {
  @ApiProperty({ example: '+14155550123', description: 'E.164, from search results' })
  @Matches(E164_PATTERN, { message: E164_MESSAGE })
  phoneNumber!: string;
}

export class OrderPhoneNumberRequest extends OrderPhoneNumberDto {
  @IsUUID()
  accountId!: string;
}

/** Answer of POST /numbers/order (records.md OrderPhoneNumberResponse). */
export class OrderPhoneNumberResponseDto {
  @ApiProperty({ description: 'Identifies this order' })
  orderId!: string;

  @ApiProperty({ example: 'completed', description: 'completed: the number is on the account' })
  status!: 'completed';

  @ApiProperty({ example: '+14155550123' })
  phoneNumber!: string;

  @ApiProperty({
    description:
      'true when the account had released the number less than 2 weeks ago and got it back (same createdAt, nothing bought again)',
  })
  reactivated!: boolean;

  @ApiProperty({
    enum: ['twilio', 'sandbox'],
    description: 'Who sold the number; a `sandbox` number was recorded, not bought',
  })
  provider!: NumbersProviderName;
}

/** One number of one account, for the numbers service. */
export class PhoneNumberRef {
  @IsUUID()
  accountId!: string;

  @Matches(E164_PATTERN, { message: E164_MESSAGE })
  phoneNumber!: string;
}
