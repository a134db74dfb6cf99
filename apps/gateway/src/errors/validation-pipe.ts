import { ValidationPipe } from '@nestjs/common';
import {
  cacheValidationMetadata,
  describeValidationErrors,
  ValidationFailedError,
} from '@clarion/contracts';

/**
 * Validates bodies and queries against the contract DTOs; unknown fields are rejected so that a
 * typo does not pass silently. The message names each offending field by its path.
 */
export function contractValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new ValidationFailedError(
        describeValidationErrors(errors),
        'Correct the named fields; see /docs for the body of this operation.',
      ),
  });
}
