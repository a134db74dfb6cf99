import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { BrandCreateDto } from './brand-create.dto';
import { BrandResponseDto } from './brand-response.dto';
import { BrandUpdateDto } from './brand-update.dto';
import { CampaignResponseDto } from './campaign-response.dto';
import { CampaignUpdateDto } from './campaign-update.dto';
import {
  REGISTRATION_STATUSES,
  REGISTRATION_SUBJECTS,
  RegistrationActorRole,
  RegistrationStatus,
  RegistrationSubject,
  REVIEW_OUTCOMES,
  ReviewOutcome,
} from './registration-status';

export const STATUS_REASON_MAX_LENGTH = 2000;

export class CreateBrandRequest extends BrandCreateDto {
  @IsUUID()
  accountId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  actor!: string;
}

export class UpdateBrandRequest extends BrandUpdateDto {
  @IsUUID()
  accountId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  actor!: string;
}

export class UpdateCampaignRequest extends CampaignUpdateDto {
  @IsUUID()
  accountId!: string;

  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  actor!: string;
}

/** The brand or campaign of an account or null: the answer of the GET operations. */
export interface BrandOfReply {
  brand: BrandResponseDto | null;
}

export interface CampaignOfReply {
  campaign: CampaignResponseDto | null;
}

/** Operator: the registrations in one status (awaiting review, pending_review, by default). */
export class ListRegistrationsRequest {
  @IsOptional()
  @IsIn(REGISTRATION_STATUSES)
  status?: RegistrationStatus;

  @IsOptional()
  @IsIn(REGISTRATION_SUBJECTS)
  subject?: RegistrationSubject;
}

/** Operator: one registration of one account. */
export class RegistrationRef {
  @IsUUID()
  accountId!: string;

  @IsIn(REGISTRATION_SUBJECTS)
  subject!: RegistrationSubject;
}

/** Operator: the operator's name, recorded on every change they make. */
export class SubmitRegistrationRequest extends RegistrationRef {
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  operator!: string;
}

export class DecideRegistrationRequest extends SubmitRegistrationRequest {
  @IsIn(REVIEW_OUTCOMES)
  status!: ReviewOutcome;

  @IsOptional()
  @IsString()
  @MaxLength(STATUS_REASON_MAX_LENGTH)
  reason?: string;
}

/** One line of the operator's list. */
export interface RegistrationSummaryDto {
  accountId: string;
  subject: RegistrationSubject;
  status: RegistrationStatus;
  /** The brand's legal name, for both subjects. */
  legalName: string;
  statusReason?: string;
  carrierReference?: string;
  updatedAt: string;
}

/** One recorded status change: who made it and when. */
export interface StatusChangeDto {
  id: string;
  accountId: string;
  subject: RegistrationSubject;
  from: RegistrationStatus;
  to: RegistrationStatus;
  reason?: string;
  actorRole: RegistrationActorRole;
  actor: string;
  at: string;
}

/** Operator: everything about one account's registrations. */
export interface AccountRegistrationsDto {
  brand: BrandResponseDto | null;
  campaign: CampaignResponseDto | null;
  carrierReferences: Partial<Record<RegistrationSubject, string>>;
  statusChanges: StatusChangeDto[];
}

/** The answer to an operator's submit or decide: the registration and the change recorded. */
export interface RegistrationChangeDto {
  registration: RegistrationSummaryDto;
  change: StatusChangeDto;
}
