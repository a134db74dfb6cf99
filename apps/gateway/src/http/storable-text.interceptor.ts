import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { Observable } from 'rxjs';
import { assertWellFormedQuery } from './query-string';
import { assertStorableRequest } from './unstorable-text';

/**
 * Runs after authentication and before validation: a query string with broken escapes, and text
 * nothing downstream could store, are a 400 here, instead of an accepted send that is never
 * delivered or a 500 from the database.
 */
@Injectable()
export class StorableTextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    assertWellFormedQuery(request.query);
    assertStorableRequest(request);
    return next.handle();
  }
}
