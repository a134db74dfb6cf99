import { ApiProperty } from '@nestjs/swagger';
import { ErrorResponse } from './error-body';
import { ErrorObjectDto } from './error-object.dto';

/** The spec 2.1 error object: the body of every error answer of the API. */
export class ErrorResponseDto implements ErrorResponse {
  @ApiProperty({
    description: 'Tracking id of the request: look it up in the logs with it.',
    example: '01968a2e-6f1c-7b3a-9d0e-2f4c5a6b7c8d',
  })
  trackingId!: string;

  @ApiProperty({ type: ErrorObjectDto })
  error!: ErrorObjectDto;
}
