import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { methodNotAllowed } from '../http/method-not-allowed';
import { sendErrorEnvelope } from './send-error-envelope';

/** Every error a route raises leaves the gateway as the spec's error object. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    sendErrorEnvelope(methodNotAllowed(error, request, reply) ?? error, request, reply);
  }
}
