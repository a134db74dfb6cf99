import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString } from 'class-validator';

/** Call content of a send. */
export class SendCallContentDto {
  @ApiProperty({ description: 'Text to speak.' })
  @IsString()
  @IsNotEmpty()
  message!: string;
}
