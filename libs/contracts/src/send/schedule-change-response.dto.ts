import { ApiProperty } from '@nestjs/swagger';
import { SuccessResponseDto } from '../billing/mfa.dto';
import { SendResponseDto } from './send-response.dto';

/** PUT /sender/scheduler/{trackingId}: the hosted service's MessageResponse, with the send's ids. */
export class ScheduleUpdatedResponseDto extends SendResponseDto {
  @ApiProperty({ description: 'What changed, in words.' })
  message!: string;
}

/** DELETE /sender/scheduler/{trackingId}: the hosted service's MessageResponse, and success. */
export class ScheduleDeletedResponseDto extends SuccessResponseDto {
  @ApiProperty({ description: 'What was canceled, in words.' })
  message!: string;
}
