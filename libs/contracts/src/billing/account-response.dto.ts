import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export type AccountStatus = 'verified' | 'unverified' | 'blocked';
export type SubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'paused';

/** A newly created account with its default secret API key (spec 2.2). */
export class AccountResponseDto {
  @ApiProperty()
  accountId!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: ['verified', 'unverified', 'blocked'] })
  status!: AccountStatus;

  @ApiPropertyOptional({ enum: ['active', 'canceled', 'past_due', 'paused'], nullable: true })
  subscriptionStatus!: SubscriptionStatus | null;

  @ApiProperty({ description: 'Default secret API key, shown once.' })
  apiKey!: string;

  @ApiProperty({
    description: 'The region the account was created in, which its data never leaves.',
    example: 'us',
  })
  region!: string;
}
