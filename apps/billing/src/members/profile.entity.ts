import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A person who signs in; may be a member of several accounts. */
@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Stored lower-cased; unique. */
  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
