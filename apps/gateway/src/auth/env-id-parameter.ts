import { ValidationFailedError } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';

/**
 * Takes the envId query parameter off the request: the auth layer consumes it, so that the query
 * DTOs of the operations, which refuse unknown fields, never see it. An empty value is no value.
 */
export function takeEnvIdParameter(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || !('envId' in query)) return undefined;
  const { envId } = query;
  delete query['envId'];
  if (Array.isArray(envId)) {
    throw new ValidationFailedError(
      'envId is given more than once',
      'Name one environment: ?envId=<clientId of the environment>.',
    );
  }
  return typeof envId === 'string' && envId !== '' ? envId : undefined;
}
