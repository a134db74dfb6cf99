import { SetMetadata } from '@nestjs/common';

/**
 * What an operation acts on. `environment`: one environment, the API key's or, for a member
 * session, the one its envId parameter names (required). `account`: the whole account, so a
 * member session needs no envId.
 */
export type CallerScope = 'environment' | 'account';

export const CALLER_SCOPE = 'clarion:caller-scope';

export const SetCallerScope = (scope: CallerScope) => SetMetadata(CALLER_SCOPE, scope);
