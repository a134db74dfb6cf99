import { InappBatchItemDto, InappReplyDto } from '@clarion/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One notification in one user's in-app inbox; its id is the send's trackingId. */
@Entity({ name: 'inbox_notifications' })
export class InboxNotificationEntity {
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ name: 'env_id', type: 'uuid' })
  envId!: string;

  @PrimaryColumn({ name: 'tracking_id', type: 'uuid' })
  trackingId!: string;

  @Column({ name: 'user_id', type: 'text' })
  userId!: string;

  @Column({ name: 'notification_id', type: 'text' })
  notificationId!: string;

  @Column({ name: 'sub_notification_id', type: 'text', nullable: true })
  subNotificationId!: string | null;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'redirect_url', type: 'text', nullable: true })
  redirectUrl!: string | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'jsonb' })
  parameters!: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'seen_at', type: 'timestamptz', nullable: true })
  seenAt!: Date | null;

  @Column({ name: 'opened_at', type: 'timestamptz', nullable: true })
  openedAt!: Date | null;

  @Column({ name: 'clicked_at', type: 'timestamptz', nullable: true })
  clickedAt!: Date | null;

  @Column({ name: 'archived_at', type: 'timestamptz', nullable: true })
  archivedAt!: Date | null;

  @Column({ name: 'actioned1_at', type: 'timestamptz', nullable: true })
  actioned1At!: Date | null;

  @Column({ name: 'actioned2_at', type: 'timestamptz', nullable: true })
  actioned2At!: Date | null;

  @Column({ type: 'jsonb' })
  replies!: InappReplyDto[];

  @Column({ name: 'exp_date', type: 'timestamptz', nullable: true })
  expDate!: Date | null;

  /** How many sends a batched entry gathered; null on an entry of one send. */
  @Column({ name: 'batch_count', type: 'integer', nullable: true })
  batchCount!: number | null;

  /** The latest items of a batched entry, newest first. */
  @Column({ name: 'batch_items', type: 'jsonb', nullable: true })
  batchItems!: InappBatchItemDto[] | null;

  /** When the entry last changed; its realtime cursor (see InboxChanges). */
  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
