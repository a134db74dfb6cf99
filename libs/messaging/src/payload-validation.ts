import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describeValidationErrors, DomainError, ErrorCode } from '@clarion/contracts';
import { decodeJson } from './client/json-codec';
import { DtoClass } from './decorators';

/** Decodes a message body and validates it against its contract class. */
export async function decodeAndValidate<T extends object>(
  data: Uint8Array,
  dto: DtoClass | undefined,
): Promise<T> {
  let plain: unknown;
  try {
    plain = data.length === 0 ? {} : decodeJson(data);
  } catch {
    throw new DomainError(ErrorCode.INVALID_JSON, 'The message body is not valid JSON');
  }
  if (!dto) return plain as T;
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, 'The message body must be a JSON object');
  }
  const instance = plainToInstance(dto, plain) as T;
  const errors = await validate(instance, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, describeValidationErrors(errors));
  }
  return instance;
}
