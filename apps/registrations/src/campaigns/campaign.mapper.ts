import { CampaignResponseDto } from '@clarion/contracts';
import { StoredBrand } from '../brands/brand-fields';
import { campaignFieldsOf } from './campaign-changes';
import { StoredCampaign } from './campaigns.repository';

/** The spec 2.5 campaign response; fields never given are absent. */
export function toCampaignResponse(campaign: StoredCampaign): CampaignResponseDto {
  return {
    accountId: campaign.accountId,
    ...campaignFieldsOf(campaign),
    campaignStatus: campaign.status,
    ...(campaign.statusReason !== undefined && { statusReason: campaign.statusReason }),
    createdAt: campaign.createdAt.toISOString(),
    updatedAt: campaign.updatedAt.toISOString(),
  };
}

/**
 * The campaign of an account that has a brand but no campaign yet: the registration exists
 * (the brand's), its campaign part is not_started.
 */
export function toUnstartedCampaignResponse(brand: StoredBrand): CampaignResponseDto {
  return {
    accountId: brand.accountId,
    campaignStatus: 'not_started',
    createdAt: brand.createdAt.toISOString(),
    updatedAt: brand.updatedAt.toISOString(),
  };
}
