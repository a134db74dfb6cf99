import { ApiProperty } from '@nestjs/swagger';
import { Channel } from '../common/channel.enum';

/** An environment of the account (EnvironmentsListEnvironments). */
export class EnvironmentResponseDto {
  @ApiProperty()
  clientId!: string;

  @ApiProperty()
  clientSecret!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ enum: Channel, isArray: true })
  disableSending!: Channel[];

  @ApiProperty()
  secureMode!: boolean;

  @ApiProperty({ description: 'https URL of the logo web push shows; empty when none is set.' })
  logo!: string;

  @ApiProperty({ description: "Whether the environment's browsers are offered web push." })
  hasWebPushEnabled!: boolean;
}
