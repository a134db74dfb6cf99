import { BrandResponseDto, RegistrationStatus } from '@clarion/contracts';
import { brandFieldsOf } from './brand-changes';
import { StoredBrand } from './brand-fields';

/** The spec 2.4 brand response; campaignStatus is not_started while there is no campaign. */
export function toBrandResponse(
  brand: StoredBrand,
  campaignStatus: RegistrationStatus = 'not_started',
): BrandResponseDto {
  return {
    accountId: brand.accountId,
    ...brandFieldsOf(brand),
    ...(brand.fullAddress !== undefined && { fullAddress: brand.fullAddress }),
    brandStatus: brand.status,
    campaignStatus,
    ...(brand.statusReason !== undefined && { statusReason: brand.statusReason }),
    createdAt: brand.createdAt.toISOString(),
    updatedAt: brand.updatedAt.toISOString(),
  };
}
