import { PushTokenDto, SuppressionReason, WebPushTokenDto } from '@clarion/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export interface EmailSuppression {
  reason: SuppressionReason;
  /** A transient bounce: DELETE /email/suppressions/retryable clears it. */
  retryable: boolean;
  details: Record<string, unknown>;
}

@Entity({ name: 'users' })
export class UserEntity {
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ name: 'env_id', type: 'uuid' })
  envId!: string;

  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  number!: string | null;

  @Column({ name: 'push_tokens', type: 'jsonb', nullable: true })
  pushTokens!: PushTokenDto[] | null;

  @Column({ name: 'web_push_tokens', type: 'jsonb', nullable: true })
  webPushTokens!: WebPushTokenDto[] | null;

  @Column({ type: 'text', nullable: true })
  timezone!: string | null;

  @Column({ name: 'slack_channel', type: 'text', nullable: true })
  slackChannel!: string | null;

  @Column({ name: 'slack_token', type: 'jsonb', nullable: true })
  slackToken!: Record<string, unknown> | null;

  /** Set when email to the user bounced or was marked as spam (spec 2.6, 3.4). */
  @Column({ name: 'email_suppression', type: 'jsonb', nullable: true })
  emailSuppression!: EmailSuppression | null;

  @Column({ name: 'last_seen_time', type: 'timestamptz', nullable: true })
  lastSeenTime!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
