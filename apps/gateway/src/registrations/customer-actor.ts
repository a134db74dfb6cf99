import { Principal } from '@clarion/contracts';

/** Who acts for the customer, as recorded on registration status changes. */
export function customerActorOf(principal: Principal): string {
  if (principal.member) return `member:${principal.member.profileId}`;
  if (principal.keyId) return `key:${principal.keyId}`;
  return `client:${principal.clientId}`;
}
