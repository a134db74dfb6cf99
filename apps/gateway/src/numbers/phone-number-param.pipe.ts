import { PipeTransform } from '@nestjs/common';
import { E164_MESSAGE, E164_PATTERN, ValidationFailedError } from '@clarion/contracts';

/** A phone number in a path: E.164, `+` written as is or as `%2B`. */
export class PhoneNumberParamPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!E164_PATTERN.test(value)) {
      throw new ValidationFailedError(
        E164_MESSAGE,
        'Name the number in the path, for example DELETE /numbers/+14155550123.',
      );
    }
    return value;
  }
}
