import { AccountStatus, SubscriptionStatus } from '@clarion/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'accounts' })
export class AccountEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  status!: AccountStatus;

  @Column({ name: 'subscription_status', type: 'text', nullable: true })
  subscriptionStatus!: SubscriptionStatus | null;

  @Column({ name: 'account_type', type: 'text' })
  accountType!: 'free' | 'paid';

  @Column({ name: 'plan_tier', type: 'text' })
  planTier!: string;

  /** Usage of the current cycle has reached the cost cap: sends answer 402 until it resets. */
  @Column({ name: 'usage_limited', type: 'boolean' })
  usageLimited!: boolean;

  /** The account whose payment method this one uses (POST /accounts plan). */
  @Column({ name: 'source_billing_account_id', type: 'uuid', nullable: true })
  sourceBillingAccountId!: string | null;

  /** The profile that created the account; null once that profile is deleted. */
  @Column({ name: 'creator_profile_id', type: 'uuid', nullable: true })
  creatorProfileId!: string | null;

  /** Email domains whose people join the account as members by signing in to it. */
  @Column({ name: 'auto_join_domains', type: 'text', array: true })
  autoJoinDomains!: string[];

  @Column({ name: 'auto_upgrade', type: 'boolean' })
  autoUpgrade!: boolean;

  @Column({ name: 'billing_version', type: 'integer' })
  billingVersion!: number;

  /** The region the account was created in; its data never leaves that region's database. */
  @Column({ type: 'text' })
  region!: string;

  /** Day the billing cycle resets (YYYY-MM-DD of the first cycle). */
  @Column({ name: 'anniversary_date', type: 'date' })
  anniversaryDate!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
