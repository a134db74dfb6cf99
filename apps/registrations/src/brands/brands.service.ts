import { Injectable } from '@nestjs/common';
import {
  BrandOfReply,
  BrandResponseDto,
  CreateBrandRequest,
  DomainError,
  ErrorCode,
  NotFoundError,
  UpdateBrandRequest,
} from '@clarion/contracts';
import { DataSource } from 'typeorm';
import { CampaignsRepository } from '../campaigns/campaigns.repository';
import { AuditRelay } from '../status-changes/audit-relay';
import { StatusChangesRepository } from '../status-changes/status-changes.repository';
import { nextStatus } from '../workflow/registration-workflow';
import { brandOfCreate, mergeBrandUpdate } from './brand-changes';
import { toBrandResponse } from './brand.mapper';
import { BrandsRepository } from './brands.repository';

/** The customer's side of a brand registration: create, read, edit (which resubmits). */
@Injectable()
export class BrandsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly brands: BrandsRepository,
    private readonly campaigns: CampaignsRepository,
    private readonly changes: StatusChangesRepository,
    private readonly audit: AuditRelay,
  ) {}

  async create(request: CreateBrandRequest): Promise<BrandResponseDto> {
    const brand = brandOfCreate(request);
    const status = nextStatus('brand', 'not_started', 'submit');
    const created = await this.dataSource.transaction(async (manager) => {
      const inserted = await this.brands.insert(manager, request.accountId, brand, status);
      if (!inserted) throw registrationExists();
      await this.changes.record(manager, {
        accountId: request.accountId,
        subject: 'brand',
        from: 'not_started',
        to: status,
        actorRole: 'customer',
        actor: request.actor,
      });
      return inserted;
    });
    this.audit.publishSoon();
    return toBrandResponse(created);
  }

  async get(accountId: string): Promise<BrandOfReply> {
    const [brand, campaign] = await Promise.all([
      this.brands.find(accountId),
      this.campaigns.find(accountId),
    ]);
    return { brand: brand ? toBrandResponse(brand, campaign?.status) : null };
  }

  async update(request: UpdateBrandRequest): Promise<BrandResponseDto> {
    const { accountId } = request;
    const { updated, resubmitted } = await this.dataSource.transaction(async (manager) => {
      const current = await this.brands.lock(manager, accountId);
      if (!current) {
        throw new NotFoundError(
          'The brand registration',
          'Create it first with POST /registrations/us/10dlc/brand.',
        );
      }
      const status = nextStatus('brand', current.status, 'submit');
      const merged = mergeBrandUpdate(current, request);
      const updated = await this.brands.update(manager, accountId, { ...merged, status });
      if (status === current.status) return { updated, resubmitted: false };
      await this.changes.record(manager, {
        accountId,
        subject: 'brand',
        from: current.status,
        to: status,
        actorRole: 'customer',
        actor: request.actor,
      });
      return { updated, resubmitted: true };
    });
    if (resubmitted) this.audit.publishSoon();
    const campaign = await this.campaigns.find(accountId);
    return toBrandResponse(updated, campaign?.status);
  }
}

function registrationExists(): DomainError {
  return new DomainError(
    ErrorCode.REGISTRATION_EXISTS,
    'This account already has a 10DLC brand registration',
    'Change it with PATCH /registrations/us/10dlc/brand; read it with GET.',
  );
}
