import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiQuery } from '@nestjs/swagger';
import { MemberActor, Principal } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { EndUser } from './authenticated-request';
import { ApiKeyGuard, EndUserGuard } from './auth.guards';
import { CallerScope, SetCallerScope } from './caller-scope';
import { MemberGuard } from './member.guard';

const ENV_ID_OF: Record<CallerScope, string> = {
  environment:
    'With a member session: the environment to act on, by its clientId (GET /environments) or ' +
    'envId; required. With an API key: its own environment or left out.',
  account:
    'With a member session: an environment of the account, by its clientId or envId, for what ' +
    'the operation does in one environment. With an API key: its own environment or left out.',
};

/**
 * The operation needs an API key, the environment's client credentials or a member session
 * (Bearer token of POST /auth/login). By default it acts on one environment: the key's, or the
 * one a member session names by envId; `account` operations act on the whole account.
 */
export function RequiresApiKey(
  scope: CallerScope = 'environment',
): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetCallerScope(scope),
    UseGuards(ApiKeyGuard),
    ApiBearerAuth('apiKey'),
    ApiBasicAuth('clientCredentials'),
    ApiBearerAuth('memberSession'),
    ApiQuery({ name: 'envId', required: false, type: String, description: ENV_ID_OF[scope] }),
  );
}

/** The operation acts for a signed-in member (Bearer session token from POST /auth/login). */
export function RequiresMember(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    SetCallerScope('account'),
    UseGuards(ApiKeyGuard, MemberGuard),
    ApiBearerAuth('memberSession'),
  );
}

/** On a RequiresApiKey controller: this operation needs a member session, not an API key. */
export function MemberOnly(): MethodDecorator {
  return applyDecorators(UseGuards(MemberGuard), ApiBearerAuth('memberSession'));
}

/** The operation acts for one end user (Basic clientId:userId:hmac). */
export function RequiresEndUser(): ClassDecorator & MethodDecorator {
  return applyDecorators(UseGuards(EndUserGuard), ApiBasicAuth('endUser'));
}

export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal => {
    const { principal } = context.switchToHttp().getRequest<FastifyRequest>();
    if (!principal) throw new Error('CurrentPrincipal used on a route without RequiresApiKey');
    return principal;
  },
);

/** The member acting on the principal's account, with their role there. */
export const CurrentActor = createParamDecorator(
  (_: unknown, context: ExecutionContext): MemberActor => {
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    if (!principal?.member) throw new Error('CurrentActor used on a route without RequiresMember');
    return {
      accountId: principal.accountId,
      profileId: principal.member.profileId,
      role: principal.member.role,
    };
  },
);

/** The signed-in member of a RequiresMember route. */
export const CurrentMember = createParamDecorator(
  (_: unknown, context: ExecutionContext): { profileId: string; role: string } => {
    const member = context.switchToHttp().getRequest<FastifyRequest>().principal?.member;
    if (!member) throw new Error('CurrentMember used on a route without RequiresMember');
    return member;
  },
);

export const CurrentEndUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): EndUser => {
    const { endUser } = context.switchToHttp().getRequest<FastifyRequest>();
    if (!endUser) throw new Error('CurrentEndUser used on a route without RequiresEndUser');
    return endUser;
  },
);
