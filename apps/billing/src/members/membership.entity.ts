import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type MemberRole = 'owner' | 'admin' | string;

/** A profile's role in one account. */
@Entity({ name: 'memberships' })
export class MembershipEntity {
  @PrimaryColumn({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ name: 'profile_id', type: 'uuid' })
  profileId!: string;

  @Column({ type: 'text' })
  role!: MemberRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
