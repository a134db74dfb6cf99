import { Channel, DeliveryOption } from '@clarion/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A stored template of one channel of a notification type. */
@Entity({ name: 'templates' })
export class TemplateEntity {
  @PrimaryColumn({ name: 'env_id', type: 'uuid' })
  envId!: string;

  @PrimaryColumn({ name: 'notification_id', type: 'text' })
  notificationId!: string;

  @PrimaryColumn({ type: 'text' })
  channel!: Channel;

  @PrimaryColumn({ name: 'template_id', type: 'text' })
  templateId!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ type: 'jsonb' })
  content!: Record<string, unknown>;

  /** The values the template reads, kept so that a send's missing ones are found without parsing. */
  @Column({ type: 'text', array: true })
  variables!: string[];

  /** The default of its channel: for instant sends, and for digests no template was chosen for. */
  @Column({ name: 'is_default', type: 'boolean' })
  isDefault!: boolean;

  /** The digests (hourly, daily, weekly, monthly) this template was chosen for. */
  @Column({ name: 'default_for_digests', type: 'text', array: true })
  defaultForDigests!: DeliveryOption[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
