import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsNotEmpty, IsString, IsUrl, ValidateNested } from 'class-validator';

export class WebPushKeysDto {
  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  p256dh!: string;

  @ApiProperty()
  @IsString()
  @IsNotEmpty()
  auth!: string;
}

export class WebPushSubscriptionDto {
  @ApiProperty()
  @IsUrl({ protocols: ['https', 'http'], require_tld: false, require_protocol: true })
  endpoint!: string;

  @ApiProperty({ type: WebPushKeysDto })
  @ValidateNested()
  @Type(() => WebPushKeysDto)
  keys!: WebPushKeysDto;
}

/** A browser push subscription of a user (spec 2.8). */
export class WebPushTokenDto {
  @ApiProperty({ type: WebPushSubscriptionDto })
  @ValidateNested()
  @Type(() => WebPushSubscriptionDto)
  sub!: WebPushSubscriptionDto;
}
