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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
