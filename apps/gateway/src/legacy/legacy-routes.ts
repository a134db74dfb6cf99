import { applyDecorators, ParseUUIDPipe, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { NotFoundError } from '@clarion/contracts';
import { ApiKeyGuard } from '../auth/auth.guards';
import { ClientIdInPathGuard } from './client-id-in-path.guard';
import { VerifiedEndUserGuard } from './verified-end-user.guard';

/**
 * A controller of the hosted service's `/{clientId}/…` routes that its previous server SDK
 * (notificationapi-node-server-sdk) calls. They translate path and body and do what the modern
 * route does; the OpenAPI document describes the modern routes only.
 */
export const LegacyRoutes = (): ClassDecorator => ApiExcludeController();

/** Basic base64(clientId:clientSecret) (or an API key) of the environment the path names. */
export const LegacyClientCredentials = (): MethodDecorator & ClassDecorator =>
  applyDecorators(UseGuards(ApiKeyGuard, ClientIdInPathGuard));

/** Basic base64(clientId:userId:hmac) of the user the path names. */
export const LegacyEndUser = (): MethodDecorator & ClassDecorator =>
  applyDecorators(UseGuards(VerifiedEndUserGuard));

/** A trackingId that is not even a UUID names no scheduled send. */
export const scheduledTrackingIdPipe = new ParseUUIDPipe({
  exceptionFactory: () => new NotFoundError('The scheduled send'),
});
