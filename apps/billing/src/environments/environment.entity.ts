import { Channel } from '@clarion/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'environments' })
export class EnvironmentEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ name: 'client_id', type: 'text' })
  clientId!: string;

  @Column({ name: 'client_secret', type: 'text' })
  clientSecret!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ name: 'disable_sending', type: 'text', array: true })
  disableSending!: Channel[];

  @Column({ name: 'secure_mode', type: 'boolean' })
  secureMode!: boolean;

  /** The https URL of the logo web push notifications show; empty when none is set. */
  @Column({ type: 'text', default: '' })
  logo!: string;

  @Column({ name: 'has_web_push_enabled', type: 'boolean', default: true })
  hasWebPushEnabled!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
