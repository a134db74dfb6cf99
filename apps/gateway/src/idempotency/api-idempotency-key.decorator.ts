import { ApiHeader } from '@nestjs/swagger';

/** Documents the Idempotency-Key header of an operation that IdempotencyService runs. */
export function ApiIdempotencyKey(): MethodDecorator & ClassDecorator {
  return ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'A retry with the same key gets the first answer (24 h).',
  });
}
