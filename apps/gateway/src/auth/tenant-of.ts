import { Principal, TenantScope } from '@clarion/contracts';

/** The account and environment an API key or session acts on. */
export function tenantOf(principal: Principal): TenantScope {
  return { accountId: principal.accountId, envId: principal.envId };
}
