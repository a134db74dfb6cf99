import { Controller, Get, Req, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountMetadataResponseDto, Requests, TenantScope } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyRequest } from 'fastify';
import { ApiKeyOrEndUserGuard } from '../auth/api-key-or-end-user.guard';
import { tenantOf } from '../auth/tenant-of';

/**
 * What a browser needs to offer web push: the environment's VAPID key, whether web push is on
 * and its logo. A server asks with its API key; an embedded inbox with its end user's
 * credentials, since it has no other.
 */
@ApiTags('Users')
@ApiBearerAuth('apiKey')
@ApiBasicAuth('clientCredentials')
@ApiBasicAuth('endUser')
@UseGuards(ApiKeyOrEndUserGuard)
@Controller('users')
export class AccountMetadataController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get('account-metadata')
  @ApiOperation({
    operationId: 'UserGetAccountMetadata',
    summary: 'Account-level metadata: logo, VAPID public key, web push status',
    description:
      "With an API key or the end user's Basic clientId:userId:hmac. logo and hasWebPushEnabled are the environment's (PATCH /environments/{clientId}).",
  })
  @ApiOkResponse({ type: AccountMetadataResponseDto })
  async accountMetadata(@Req() request: FastifyRequest): Promise<AccountMetadataResponseDto> {
    const scope = callerScopeOf(request);
    const [{ publicKey }, settings] = await Promise.all([
      this.messaging.request(Requests.vapidPublicKey, scope),
      this.messaging.request(Requests.environmentSettings, { envId: scope.envId }),
    ]);
    return {
      userAccountMetadata: {
        logo: settings.logo,
        environmentVapidPublicKey: publicKey,
        hasWebPushEnabled: settings.hasWebPushEnabled,
      },
    };
  }
}

function callerScopeOf({ endUser, principal }: FastifyRequest): TenantScope {
  if (endUser) return { accountId: endUser.accountId, envId: endUser.envId };
  if (principal) return tenantOf(principal);
  throw new Error('account-metadata reached without ApiKeyOrEndUserGuard');
}
