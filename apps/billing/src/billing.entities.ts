import { AccountEntity } from './accounts/account.entity';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { EnvironmentEntity } from './environments/environment.entity';
import { InviteEntity } from './members/invite.entity';
import { MembershipEntity } from './members/membership.entity';
import { ProfileEntity } from './members/profile.entity';
import { SessionEntity } from './auth/session.entity';
import { CreateBillingTables1795260000000 } from './migrations/1795260000000-create-billing-tables';
import { AddSessionsAndPlans1795270000000 } from './migrations/1795270000000-add-sessions-and-plans';
import { AddUsage1795280000000 } from './migrations/1795280000000-add-usage';
import { AddInvites1795290000000 } from './migrations/1795290000000-add-invites';
import { AddInviteExpiry1796000000000 } from './migrations/1796000000000-add-invite-expiry';
import { AddOrganizationFields1796100000000 } from './migrations/1796100000000-add-organization-fields';
import { AddProfileEmailVouched1796110000000 } from './migrations/1796110000000-add-profile-email-vouched';
import { AddEnvironmentWebPushBranding1796200000000 } from './migrations/1796200000000-add-environment-web-push-branding';
import { AddAccountRegion1796300000000 } from './migrations/1796300000000-add-account-region';

export const BILLING_SCHEMA = 'billing';
export const BILLING_ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  EnvironmentEntity,
  InviteEntity,
  MembershipEntity,
  ProfileEntity,
  SessionEntity,
];
export const BILLING_MIGRATIONS = [
  CreateBillingTables1795260000000,
  AddSessionsAndPlans1795270000000,
  AddUsage1795280000000,
  AddInvites1795290000000,
  AddInviteExpiry1796000000000,
  AddOrganizationFields1796100000000,
  AddProfileEmailVouched1796110000000,
  AddEnvironmentWebPushBranding1796200000000,
  AddAccountRegion1796300000000,
];
