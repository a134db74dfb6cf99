import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorBody } from './error-body';
import { ErrorCode } from './error-code.enum';

/** `error` of the spec 2.1 error object as HTTP answers it (retryAfterSeconds is a header). */
export class ErrorObjectDto implements Omit<ErrorBody, 'retryAfterSeconds'> {
  @ApiProperty({
    enum: ErrorCode,
    enumName: 'ErrorCode',
    description: 'Machine-readable error code.',
    example: ErrorCode.VALIDATION_FAILED,
  })
  code!: ErrorCode;

  @ApiProperty({
    description: 'Human-readable message.',
    example: 'to.id must be a string',
  })
  message!: string;

  @ApiPropertyOptional({
    description: 'Actionable hint for fixing the error.',
    example: 'Name the recipient with to.id.',
  })
  fix?: string;
}
