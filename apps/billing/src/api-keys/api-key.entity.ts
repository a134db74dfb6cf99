import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** An API key; only its SHA-256 is stored, the key itself is shown once. */
@Entity({ name: 'api_keys' })
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'account_id', type: 'uuid' })
  accountId!: string;

  @Column({ name: 'env_id', type: 'uuid' })
  envId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'key_type', type: 'text' })
  keyType!: 'secret' | 'public';

  @Column({ name: 'key_hash', type: 'text' })
  keyHash!: string;

  /** Last characters of the key, so people can tell keys apart. */
  @Column({ name: 'key_hint', type: 'text' })
  keyHint!: string;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
