import { IsIn, IsISO8601, IsOptional, IsString, IsUUID } from 'class-validator';
import {
  REGISTRATION_STATUSES,
  REGISTRATION_SUBJECTS,
  RegistrationActorRole,
  RegistrationStatus,
  RegistrationSubject,
} from './registration-status';

/**
 * `audit.registration.status-changed` on the AUDIT stream, published once per status change
 * (msg id = change id). Validated where it is consumed (numbers follows campaign approvals).
 */
export class RegistrationStatusChangedEvent {
  @IsString()
  id!: string;

  @IsUUID()
  accountId!: string;

  @IsIn(REGISTRATION_SUBJECTS)
  subject!: RegistrationSubject;

  @IsIn(REGISTRATION_STATUSES)
  from!: RegistrationStatus;

  @IsIn(REGISTRATION_STATUSES)
  to!: RegistrationStatus;

  @IsOptional()
  @IsString()
  reason?: string;

  @IsIn(['customer', 'operator'])
  actorRole!: RegistrationActorRole;

  @IsString()
  actor!: string;

  @IsISO8601()
  at!: string;
}
