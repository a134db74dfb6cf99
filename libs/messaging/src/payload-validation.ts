import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import {
  cacheValidationMetadata,
  describeValidationErrors,
  DomainError,
  ErrorCode,
  PayloadCheck,
} from '@clarion/contracts';
import { decodeJson } from './client/json-codec';
import { DtoClass } from './decorators';

/**
 * Decodes a message of Clarion's own and checks its shape (a few comparisons); a message that is
 * not JSON, not an object or not of its shape throws, and its consumer dead-letters it.
 */
export function decodeChecked<T extends object>(data: Uint8Array, check: PayloadCheck): T {
  const plain = decodeObject(data);
  const problem = check(plain);
  if (problem !== undefined) throw new DomainError(ErrorCode.VALIDATION_FAILED, problem);
  return plain as T;
}

/** What is wrong with a decoded message of Clarion's own, or undefined when it is of its shape. */
export function checkedProblemOf(plain: unknown, check: PayloadCheck): string | undefined {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return 'The message body must be a JSON object';
  }
  return check(plain);
}

function decodeObject(data: Uint8Array): object {
  let plain: unknown;
  try {
    plain = decodeJson(data);
  } catch {
    throw new DomainError(ErrorCode.INVALID_JSON, 'The message body is not valid JSON');
  }
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    throw new DomainError(ErrorCode.VALIDATION_FAILED, 'The message body must be a JSON object');
  }
  return plain;
}

cacheValidationMetadata();

/** Decodes a request body and validates it against its contract class. */
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
