import { OpenAPIObject } from '@nestjs/swagger';
import { operationsOf } from './operations-of';

/**
 * An operation without an auth decorator takes no credentials: say so (`security: []`) rather
 * than leave a client generator to guess.
 */
export function declarePublicOperations(document: OpenAPIObject): void {
  for (const { operation } of operationsOf(document)) operation.security ??= [];
}
