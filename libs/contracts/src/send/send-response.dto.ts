import { ApiProperty } from '@nestjs/swagger';

/** The answer to an accepted send. */
export class SendResponseDto {
  @ApiProperty({ description: 'Look the send up in the logs with this id.' })
  trackingId!: string;

  @ApiProperty({ type: [String], description: 'Notes about how the send was accepted.' })
  messages!: string[];
}
