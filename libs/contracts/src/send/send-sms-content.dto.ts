import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsNotEmpty, IsOptional, IsString, IsUrl, ValidateNested } from 'class-validator';

export class SmsAutoReplyDto {
  @ApiProperty({ description: 'Sent when a user texts in.' })
  @IsString()
  @IsNotEmpty()
  message!: string;
}

/** SMS content of a send. */
export class SendSmsContentDto {
  @ApiPropertyOptional({ description: 'Body text.' })
  @IsOptional()
  @IsString()
  message?: string;

  @ApiPropertyOptional({ type: [String], description: 'Public HTTPS URLs of MMS media.' })
  @IsOptional()
  @IsArray()
  @IsUrl({ protocols: ['https'], require_protocol: true }, { each: true })
  mediaUrls?: string[];

  @ApiPropertyOptional({ type: SmsAutoReplyDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SmsAutoReplyDto)
  autoReply?: SmsAutoReplyDto;

  @ApiPropertyOptional({ description: 'Sender number override; a verified number of the account.' })
  @IsOptional()
  @IsString()
  from?: string;
}
