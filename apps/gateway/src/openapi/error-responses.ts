import { HeaderObject, ReferenceObject, ResponseObject, getSchemaPath } from '@nestjs/swagger';
import { ErrorCode, ErrorObjectDto, ErrorResponseDto } from '@clarion/contracts';

export type ErrorStatus =
  '400' | '401' | '403' | '404' | '413' | '415' | '421' | '429' | '503' | '504';

export const RETRY_AFTER_HEADER: HeaderObject = {
  description: 'Seconds after which trying again may succeed.',
  schema: { type: 'integer', minimum: 1 },
  example: 2,
};

const retryAfter: Record<string, ReferenceObject> = {
  'Retry-After': { $ref: '#/components/headers/RetryAfter' },
};

function errorResponse(
  description: string,
  error: ErrorObjectDto,
  headers?: Record<string, ReferenceObject>,
): ResponseObject {
  const example: ErrorResponseDto = { trackingId: '01968a2e-6f1c-7b3a-9d0e-2f4c5a6b7c8d', error };
  return {
    description,
    ...(headers && { headers }),
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ErrorResponseDto) }, example },
    },
  };
}

const RETRY_FIX = 'Retry after the seconds of Retry-After; check GET /status if it persists.';

/** The error answers every operation may share, by status, under their component names. */
export const ERROR_RESPONSES: Record<ErrorStatus, { name: string; response: ResponseObject }> = {
  '400': {
    name: 'BadRequest',
    response: errorResponse(
      'VALIDATION_FAILED or INVALID_JSON: the request is not valid; the message says why.',
      { code: ErrorCode.VALIDATION_FAILED, message: 'to.id must be a string' },
    ),
  },
  '401': {
    name: 'Unauthorized',
    response: errorResponse('UNAUTHORIZED: the credentials are missing, unknown or wrong.', {
      code: ErrorCode.UNAUTHORIZED,
      message: 'Malformed credentials: unknown scheme',
      fix: 'Use Authorization: Bearer <API key>.',
    }),
  },
  '403': {
    name: 'Forbidden',
    response: errorResponse('FORBIDDEN or ACCOUNT_BLOCKED: the credentials may not do this.', {
      code: ErrorCode.FORBIDDEN,
      message: 'A public key cannot call this operation',
      fix: 'Use a secret key (clarion_sk_…) on your server.',
    }),
  },
  '404': {
    name: 'NotFound',
    response: errorResponse('NOT_FOUND: nothing of this account has the id in the path.', {
      code: ErrorCode.NOT_FOUND,
      message: 'The user was not found',
    }),
  },
  '413': {
    name: 'PayloadTooLarge',
    response: errorResponse('PAYLOAD_TOO_LARGE: the body is larger than the gateway accepts.', {
      code: ErrorCode.PAYLOAD_TOO_LARGE,
      message: 'The request body is too large',
    }),
  },
  '415': {
    name: 'UnsupportedMediaType',
    response: errorResponse('UNSUPPORTED_MEDIA_TYPE: the body is not application/json.', {
      code: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      message: 'The body must be JSON',
    }),
  },
  '421': {
    name: 'MisdirectedRequest',
    response: errorResponse(
      'WRONG_REGION: the credentials belong to an account of another region; send the request ' +
        'to the base URL the fix names.',
      {
        code: ErrorCode.WRONG_REGION,
        message:
          'These credentials belong to an account of region eu; this is the us deployment, ' +
          'which holds no data of that account',
        fix:
          'Send the request to https://api.eu.clarion.example, the base URL of region eu ' +
          '(the SDKs take it as baseURL / baseUrl).',
      },
    ),
  },
  '429': {
    name: 'TooManyRequests',
    response: errorResponse(
      'RATE_LIMITED: too many requests for these credentials, or too many failed ' +
        'authentications from this address; retry after Retry-After seconds.',
      { code: ErrorCode.RATE_LIMITED, message: 'Too many requests for this API key' },
      retryAfter,
    ),
  },
  '503': {
    name: 'ServiceUnavailable',
    response: errorResponse(
      'SERVICE_UNAVAILABLE: a service behind the gateway cannot be reached; retry after ' +
        'Retry-After seconds.',
      {
        code: ErrorCode.SERVICE_UNAVAILABLE,
        message: 'A service this operation needs is unavailable',
        fix: RETRY_FIX,
      },
      retryAfter,
    ),
  },
  '504': {
    name: 'GatewayTimeout',
    response: errorResponse(
      'SERVICE_TIMEOUT: a service behind the gateway did not answer in time; retry after ' +
        'Retry-After seconds.',
      {
        code: ErrorCode.SERVICE_TIMEOUT,
        message: 'The message bus did not answer in time',
        fix: RETRY_FIX,
      },
      retryAfter,
    ),
  },
};
