import { Inject, Injectable } from '@nestjs/common';
import {
  AccountRegistrationsDto,
  DecideRegistrationRequest,
  DomainError,
  ErrorCode,
  ListRegistrationsRequest,
  NotFoundError,
  RegistrationChangeDto,
  RegistrationStatus,
  RegistrationSubject,
  RegistrationSummaryDto,
  StatusChangeDto,
  SubmitRegistrationRequest,
} from '@clarion/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { brandFieldsOf } from '../brands/brand-changes';
import { StoredBrand } from '../brands/brand-fields';
import { toBrandResponse } from '../brands/brand.mapper';
import { BrandsRepository } from '../brands/brands.repository';
import { campaignFieldsOf } from '../campaigns/campaign-changes';
import { toCampaignResponse } from '../campaigns/campaign.mapper';
import { CampaignsRepository } from '../campaigns/campaigns.repository';
import {
  CARRIER_REGISTRAR,
  CarrierRegistrar,
  CarrierSubmission,
} from '../carriers/carrier-registrar';
import { CarrierSubmissionsRepository } from '../carriers/carrier-submissions.repository';
import { AuditRelay } from '../status-changes/audit-relay';
import { StatusChangesRepository } from '../status-changes/status-changes.repository';
import { actionOfOutcome, nextStatus } from '../workflow/registration-workflow';
import { RegistrationStatesRepository } from './registration-states.repository';

/**
 * The operators' side of the workflow: the review queue, carrier submission through the
 * carrier adapter, and review outcomes. Every change records the operator who made it.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly brands: BrandsRepository,
    private readonly campaigns: CampaignsRepository,
    private readonly states: RegistrationStatesRepository,
    private readonly changes: StatusChangesRepository,
    private readonly submissions: CarrierSubmissionsRepository,
    private readonly audit: AuditRelay,
    @Inject(CARRIER_REGISTRAR) private readonly carrier: CarrierRegistrar,
  ) {}

  /** Registrations awaiting review (pending_review) unless another status is asked for. */
  list(request: ListRegistrationsRequest): Promise<RegistrationSummaryDto[]> {
    return this.states.list({
      status: request.status ?? 'pending_review',
      subject: request.subject,
    });
  }

  async show(accountId: string): Promise<AccountRegistrationsDto> {
    const [brand, campaign, statusChanges] = await Promise.all([
      this.brands.find(accountId),
      this.campaigns.find(accountId),
      this.changes.ofAccount(accountId),
    ]);
    return {
      brand: brand ? toBrandResponse(brand, campaign?.status) : null,
      campaign: campaign ? toCampaignResponse(campaign) : null,
      carrierReferences: {
        ...(brand?.carrierReference && { brand: brand.carrierReference }),
        ...(campaign?.carrierReference && { campaign: campaign.carrierReference }),
      },
      statusChanges,
    };
  }

  /** pending_review → in_progress: the carrier adapter takes the registration as it stands. */
  async submit(request: SubmitRegistrationRequest): Promise<RegistrationChangeDto> {
    const { accountId, subject, operator } = request;
    const change = await this.dataSource.transaction(async (manager) => {
      const brand = await this.brands.lock(manager, accountId);
      if (!brand) throw notFound(subject, accountId);
      const { from, submission } = await this.submissionOf(manager, subject, brand);
      const to = nextStatus(subject, from, 'send-to-carrier');
      if (subject === 'campaign' && brand.status !== 'approved') {
        throw brandNotApproved(brand.status);
      }
      const { reference } = await this.carrier.submit(submission);
      await this.submissions.record(manager, {
        accountId,
        subject,
        carrier: this.carrier.name,
        reference,
        payload: submission,
        submittedBy: operator,
      });
      await this.states.setStatus(manager, subject, accountId, {
        status: to,
        carrierReference: reference,
      });
      return this.recordChange(manager, request, from, to);
    });
    return this.answer(request, change);
  }

  /** in_progress (or pending_review) → approved | rejected | info_needed, with a reason. */
  async decide(request: DecideRegistrationRequest): Promise<RegistrationChangeDto> {
    const { accountId, subject } = request;
    const reason = request.reason?.trim() || undefined;
    const change = await this.dataSource.transaction(async (manager) => {
      const state = await this.states.lock(manager, subject, accountId);
      if (!state) throw notFound(subject, accountId);
      const to = nextStatus(subject, state.status, actionOfOutcome(request.status), reason);
      await this.states.setStatus(manager, subject, accountId, {
        status: to,
        statusReason: reason,
      });
      return this.recordChange(manager, request, state.status, to, reason);
    });
    return this.answer(request, change);
  }

  private async submissionOf(
    manager: EntityManager,
    subject: RegistrationSubject,
    brand: StoredBrand,
  ): Promise<{ from: RegistrationStatus; submission: CarrierSubmission }> {
    const { accountId } = brand;
    if (subject === 'brand') {
      return {
        from: brand.status,
        submission: { subject, accountId, brand: brandFieldsOf(brand) },
      };
    }
    const campaign = await this.campaigns.lock(manager, accountId);
    if (!campaign) throw notFound(subject, accountId);
    return {
      from: campaign.status,
      submission: {
        subject,
        accountId,
        brand: brandFieldsOf(brand),
        ...(brand.carrierReference && { brandReference: brand.carrierReference }),
        campaign: campaignFieldsOf(campaign),
      },
    };
  }

  private recordChange(
    manager: EntityManager,
    request: SubmitRegistrationRequest,
    from: RegistrationStatus,
    to: RegistrationStatus,
    reason?: string,
  ): Promise<StatusChangeDto> {
    return this.changes.record(manager, {
      accountId: request.accountId,
      subject: request.subject,
      from,
      to,
      ...(reason && { reason }),
      actorRole: 'operator',
      actor: request.operator,
    });
  }

  private async answer(
    request: SubmitRegistrationRequest,
    change: StatusChangeDto,
  ): Promise<RegistrationChangeDto> {
    this.audit.publishSoon();
    const registration = await this.states.summary(request.subject, request.accountId);
    if (!registration) throw notFound(request.subject, request.accountId);
    return { registration, change };
  }
}

function notFound(subject: RegistrationSubject, accountId: string): NotFoundError {
  return new NotFoundError(
    `The ${subject} registration of account ${accountId}`,
    'List registrations with `npm run admin -- registrations list --status <status>`.',
  );
}

function brandNotApproved(brandStatus: RegistrationStatus): DomainError {
  return new DomainError(
    ErrorCode.REGISTRATION_TRANSITION_INVALID,
    `The campaign goes to carriers once its brand is approved; the brand is ${brandStatus}`,
    'Submit the brand and record its approval first (`registrations submit --subject brand`, then `registrations decide --status approved`).',
  );
}
