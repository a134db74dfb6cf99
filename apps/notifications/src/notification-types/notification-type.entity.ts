import {
  Channel,
  DeduplicationDto,
  NotificationOptionsDto,
  ThrottlingDto,
} from '@clarion/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A notification type and its settings (spec 2.11). */
@Entity({ name: 'notification_types' })
export class NotificationTypeEntity {
  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @PrimaryColumn({ name: 'env_id', type: 'uuid' })
  envId!: string;

  @PrimaryColumn({ name: 'notification_id', type: 'text' })
  notificationId!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text', array: true })
  channels!: Channel[];

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ type: 'jsonb', nullable: true })
  deduplication!: DeduplicationDto | null;

  @Column({ type: 'jsonb', nullable: true })
  throttling!: ThrottlingDto | null;

  @Column({ type: 'integer', nullable: true })
  retention!: number | null;

  @Column({ type: 'jsonb', nullable: true })
  options!: NotificationOptionsDto | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
