import { ForbiddenError } from '@clarion/contracts';
import { isValidTwilioSignature } from '@clarion/providers';
import { FastifyRequest } from 'fastify';
import { GatewayEnv } from '../gateway.env';

/** Form fields as strings (a repeated field keeps its first value). */
export function formParams(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([name, value]) => [
      name,
      String(Array.isArray(value) ? value[0] : value),
    ]),
  );
}

/**
 * Checks a callback's X-Twilio-Signature against the URL Twilio called (PUBLIC_URL plus the
 * path). True when it is signed with TWILIO_AUTH_TOKEN, false when no token is configured (there
 * is nothing to check against); a bad signature is a 403.
 */
export function verifyTwilioSignature(
  env: GatewayEnv,
  request: FastifyRequest,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  const authToken = env.TWILIO_AUTH_TOKEN;
  if (!authToken) return false;
  const url = `${env.PUBLIC_URL.replace(/\/$/, '')}${request.url}`;
  if (!isValidTwilioSignature(authToken, url, params, signature)) {
    throw new ForbiddenError(
      'The X-Twilio-Signature does not match this request',
      'Point Twilio at PUBLIC_URL exactly as configured, and sign with the account auth token.',
    );
  }
  return true;
}
