import { ApiProperty } from '@nestjs/swagger';

/** POST /user/inapp/stream-token: what a browser's EventSource puts in the stream's URL. */
export class InappStreamTokenResponseDto {
  @ApiProperty({ description: 'Opens GET /user/inapp/stream?token=… until it expires.' })
  token!: string;

  @ApiProperty({ description: 'When the token stops opening streams (ISO 8601).' })
  expiresAt!: string;
}
