import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { assertStorableRequest } from './unstorable-text';

/**
 * Runs after authentication and before validation: text nothing downstream could store is a 400
 * here, instead of an accepted send that is never delivered or a 500 from the database.
 */
@Injectable()
export class StorableTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    assertStorableRequest(context.switchToHttp().getRequest<FastifyRequest>());
    return next.handle();
  }
}
