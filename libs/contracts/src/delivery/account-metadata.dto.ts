import { ApiProperty } from '@nestjs/swagger';

export class UserAccountMetadataDto {
  @ApiProperty({
    description: 'URL of the account logo shown in notifications; empty when none is set',
  })
  logo!: string;

  @ApiProperty({ description: "The environment's VAPID public key, for PushManager.subscribe" })
  environmentVapidPublicKey!: string;

  @ApiProperty()
  hasWebPushEnabled!: boolean;
}

/** GET /users/account-metadata. */
export class AccountMetadataResponseDto {
  @ApiProperty({ type: UserAccountMetadataDto })
  userAccountMetadata!: UserAccountMetadataDto;
}
