import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A person who signs in; may be a member of several accounts. */
@Entity({ name: 'profiles' })
export class ProfileEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** Stored lower-cased; unique. */
  @Column({ type: 'text' })
  email!: string;

  /**
   * The email is the one the operator created the profile with; false once the member changed it
   * (unproven: Clarion sends no email yet), which keeps the profile out of auto-join domains.
   */
  @Column({ name: 'email_vouched', type: 'boolean' })
  emailVouched!: boolean;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'mfa_secret', type: 'text', nullable: true })
  mfaSecret!: string | null;

  @Column({ name: 'mfa_enabled', type: 'boolean' })
  mfaEnabled!: boolean;

  /** Failed sign-ins in a row; reset by a successful one. */
  @Column({ name: 'failed_logins', type: 'integer' })
  failedLogins!: number;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
