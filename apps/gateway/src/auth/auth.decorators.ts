import { applyDecorators, createParamDecorator, ExecutionContext, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth } from '@nestjs/swagger';
import { MemberActor, Principal } from '@clarion/contracts';
import { FastifyRequest } from 'fastify';
import { EndUser } from './authenticated-request';
import { ApiKeyGuard, EndUserGuard } from './auth.guards';
import { MemberGuard } from './member.guard';

/** The operation needs an API key (or the environment's client credentials). */
export function RequiresApiKey(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(ApiKeyGuard),
    ApiBearerAuth('apiKey'),
    ApiBasicAuth('clientCredentials'),
  );
}

/** The operation acts for a signed-in member (Bearer session token from POST /auth/login). */
export function RequiresMember(): ClassDecorator & MethodDecorator {
  return applyDecorators(UseGuards(ApiKeyGuard, MemberGuard), ApiBearerAuth('memberSession'));
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
