import { DomainError, ErrorCode, ForbiddenError, MemberActor } from '@clarion/contracts';

export const OWNER = 'owner';
export const ADMIN = 'admin';
/** The role of someone who joined by an auto-join domain: no say over members or the account. */
export const MEMBER = 'member';

/** Owners and admins manage members; only owners hand out owner or admin. */
export function assertMayManageMembers(actor: MemberActor): void {
  if (actor.role !== OWNER && actor.role !== ADMIN) {
    throw new ForbiddenError('Only owners and admins manage members');
  }
}

export function assertMayGrant(actor: MemberActor, role: string): void {
  assertMayManageMembers(actor);
  if ((role === OWNER || role === ADMIN) && actor.role !== OWNER) {
    throw new ForbiddenError(
      `Only owners may give the ${role} role`,
      'Ask an owner of the account.',
    );
  }
}

/** Owners and admins change the account itself (its name, who may join it). */
export function assertMayManageAccount(actor: Pick<MemberActor, 'role'>): void {
  if (actor.role !== OWNER && actor.role !== ADMIN) {
    throw new ForbiddenError('Only owners and admins change the account');
  }
}

export function assertOwner(actor: MemberActor): void {
  if (actor.role !== OWNER) throw new ForbiddenError('Only owners of the account may do this');
}

export function lastOwnerConflict(): DomainError {
  return new DomainError(
    ErrorCode.CONFLICT,
    'This is the last owner of the account',
    'Make another member owner first.',
  );
}
