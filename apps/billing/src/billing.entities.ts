import { AccountEntity } from './accounts/account.entity';
import { ApiKeyEntity } from './api-keys/api-key.entity';
import { EnvironmentEntity } from './environments/environment.entity';
import { MembershipEntity } from './members/membership.entity';
import { ProfileEntity } from './members/profile.entity';
import { CreateBillingTables1795260000000 } from './migrations/1795260000000-create-billing-tables';

export const BILLING_SCHEMA = 'billing';
export const BILLING_ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  EnvironmentEntity,
  MembershipEntity,
  ProfileEntity,
];
export const BILLING_MIGRATIONS = [CreateBillingTables1795260000000];
