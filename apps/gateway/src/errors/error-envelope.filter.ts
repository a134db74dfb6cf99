import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { sendErrorEnvelope } from './send-error-envelope';

/** Every error a route raises leaves the gateway as the spec's error object. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendErrorEnvelope(error, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
  }
}
