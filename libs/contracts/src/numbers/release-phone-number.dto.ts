import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Answer of DELETE /numbers/{phoneNumber} (records.md ReleasePhoneNumberResponse). */
export class ReleasePhoneNumberResponseDto {
  @ApiProperty({ example: '+14155550123' })
  phoneNumber!: string;

  @ApiProperty()
  released!: boolean;

  @ApiPropertyOptional()
  releasedAt?: string;

  @ApiProperty({
    description: 'Until when ordering the number again reactivates it (2 weeks after release)',
  })
  reactivatableUntil!: string;

  @ApiProperty({
    example:
      'Released. No refund for the current billing month. Order it again before … to reactivate it.',
  })
  message!: string;
}
