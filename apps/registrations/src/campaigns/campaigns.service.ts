import { Injectable } from '@nestjs/common';
import {
  CampaignOfReply,
  CampaignResponseDto,
  DomainError,
  ErrorCode,
  UpdateCampaignRequest,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { BrandsRepository } from '../brands/brands.repository';
import { AuditRelay } from '../status-changes/audit-relay';
import { StatusChangesRepository } from '../status-changes/status-changes.repository';
import { nextStatus } from '../workflow/registration-workflow';
import { mergeCampaignUpdate } from './campaign-changes';
import { toCampaignResponse, toUnstartedCampaignResponse } from './campaign.mapper';
import { CampaignsRepository } from './campaigns.repository';

/**
 * The customer's side of a campaign registration. There is no create: the first update creates
 * the campaign and submits it for review; later ones edit it (and resubmit from info_needed).
 */
@Injectable()
export class CampaignsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly brands: BrandsRepository,
    private readonly campaigns: CampaignsRepository,
    private readonly changes: StatusChangesRepository,
    private readonly audit: AuditRelay,
  ) {}

  /** null while the account has no brand (spec 4.2 RegistrationsGetUs10dlcCampaign). */
  async get(accountId: string): Promise<CampaignOfReply> {
    const campaign = await this.campaigns.find(accountId);
    if (campaign) return { campaign: toCampaignResponse(campaign) };
    const brand = await this.brands.find(accountId);
    return { campaign: brand ? toUnstartedCampaignResponse(brand) : null };
  }

  async update(request: UpdateCampaignRequest): Promise<CampaignResponseDto> {
    const { accountId } = request;
    const { updated, statusChanged } = await this.dataSource.transaction(async (manager) => {
      if (!(await this.brands.exists(manager, accountId))) throw brandRequired();
      const current = await this.campaigns.lockOrStart(manager, accountId);
      const status = nextStatus('campaign', current.status, 'submit');
      const campaign = mergeCampaignUpdate(current, request);
      const updated = await this.campaigns.update(manager, accountId, { campaign, status });
      if (status === current.status) return { updated, statusChanged: false };
      await this.changes.record(manager, {
        accountId,
        subject: 'campaign',
        from: current.status,
        to: status,
        actorRole: 'customer',
        actor: request.actor,
      });
      return { updated, statusChanged: true };
    });
    if (statusChanged) this.audit.publishSoon();
    return toCampaignResponse(updated);
  }
}

function brandRequired(): DomainError {
  return new DomainError(
    ErrorCode.BRAND_REQUIRED,
    'A 10DLC campaign registration needs a brand registration first',
    'Register the brand with POST /registrations/us/10dlc/brand, then send the campaign again.',
  );
}
