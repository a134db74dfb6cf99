import { STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import { DomainError, ErrorCode, ErrorResponse, newTimeOrderedId } from '@clarion/contracts';
import { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { httpStatusOf } from '../errors/http-status-of';
import { sendErrorEnvelope } from '../errors/send-error-envelope';
import { pathOf } from './request-path';

const URL_FIX = 'Percent-encode the path and query as UTF-8 (RFC 3986), e.g. %C3%A9 for é.';
/** How much of a client's path an error message quotes. */
const QUOTED_PATH_LENGTH = 120;

/**
 * Errors Fastify raises before any route runs (a path that is not valid percent-encoding, a path
 * parameter over its length), answered as the spec's error object like every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  sendErrorEnvelope(domainErrorOfFramework(error, request.url), request, reply);
}

function domainErrorOfFramework(error: FastifyError, url: string): DomainError {
  const path = quoted(pathOf(url));
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new DomainError(
        ErrorCode.INVALID_URL,
        `The path ${path} is not valid percent-encoded UTF-8`,
        URL_FIX,
      );
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new DomainError(
        ErrorCode.URI_TOO_LONG,
        `A segment of the path ${path} is longer than a path parameter may be`,
        'Path parameters are ids and names: send the value in the body or query instead.',
      );
    default:
      return new DomainError(
        ErrorCode.BAD_HTTP_REQUEST,
        error.message.slice(0, QUOTED_PATH_LENGTH),
      );
  }
}

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (request line and headers over
 * 16 KB, malformed HTTP, a request that took too long): the answer is written on the socket, as
 * Node and Fastify would, but as the error object, with a trackingId of its own.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const domainError = domainErrorOfClient(error.code);
  if (socket.writable) {
    const status = httpStatusOf(domainError.code);
    const { code, message, fix } = domainError.toBody();
    const response: ErrorResponse = {
      trackingId: newTimeOrderedId(),
      error: fix === undefined ? { code, message } : { code, message, fix },
    };
    const body = JSON.stringify(response);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function domainErrorOfClient(code = ''): DomainError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return new DomainError(
        ErrorCode.HEADERS_TOO_LARGE,
        'The request line and headers are larger than 16 KB',
        'Shorten the URL (send long values in the body) and the headers.',
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new DomainError(
        ErrorCode.REQUEST_TIMEOUT,
        'The request did not arrive in time',
        'Send the whole request promptly; retry.',
      );
    default:
      return new DomainError(
        ErrorCode.BAD_HTTP_REQUEST,
        'The request is not valid HTTP/1.1',
        'Check the request line, the headers and the body framing (Content-Length or chunked).',
      );
  }
}

function quoted(path: string): string {
  return path.length > QUOTED_PATH_LENGTH
    ? `${path.slice(0, QUOTED_PATH_LENGTH)}… (${path.length} characters)`
    : path;
}
