import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';

/** GET /user/inapp/stream: how the stream is authorized and where it resumes. */
export class InappStreamQueryDto {
  @ApiPropertyOptional({
    description:
      'A token of POST /user/inapp/stream-token, for clients that cannot send an Authorization ' +
      'header (a browser’s EventSource).',
  })
  @IsOptional()
  @IsString()
  token?: string;

  @ApiPropertyOptional({
    description:
      'Resume after this cursor (the id of the last notification frame seen); the Last-Event-ID ' +
      'header wins over it.',
  })
  @IsOptional()
  @Matches(/^\d{1,19}$/, { message: 'since must be a cursor: the digits of a frame id' })
  since?: string;
}
