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
}
