import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiConflictResponse, ApiHeader, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency.service';

/** Documents the header once, optional, and its answers on the operation whose parameter reads it. */
const documentIdempotencyKey: ParameterDecorator = (target, method) => {
  if (method === undefined) return;
  const descriptor = Object.getOwnPropertyDescriptor(target, method);
  if (descriptor === undefined) return;
  for (const decorator of [
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'A retry with the same key gets the first answer (24 h).',
      schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
      example: 'order-42',
    }),
    ApiConflictResponse({
      description: 'IDEMPOTENCY_REQUEST_IN_FLIGHT: a request with this key is still running.',
      type: ErrorResponseDto,
    }),
    ApiUnprocessableEntityResponse({
      description: 'IDEMPOTENCY_KEY_REUSED: the key was used with another body.',
      type: ErrorResponseDto,
    }),
  ]) {
    decorator(target, method, descriptor);
  }
};

/**
 * The optional Idempotency-Key header of an operation that IdempotencyService runs. Unlike
 * `@Headers('idempotency-key')`, it does not make the OpenAPI document declare the header a second
 * time, lowercase and required.
 */
export const IdempotencyKey = createParamDecorator(
  (_: unknown, context: ExecutionContext): string | undefined =>
    context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'] as
      string | undefined,
  [documentIdempotencyKey],
);
