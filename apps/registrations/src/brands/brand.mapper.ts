import { BrandResponseDto, RegistrationStatus } from '@clarion/contracts';
import { BRAND_FIELDS, StoredBrand } from './brand-fields';

/** The spec 2.4 brand response; campaignStatus is not_started while there is no campaign. */
export function toBrandResponse(
  brand: StoredBrand,
  campaignStatus: RegistrationStatus = 'not_started',
): BrandResponseDto {
  const response: Record<string, unknown> = { accountId: brand.accountId };
  for (const field of BRAND_FIELDS) {
    if (brand[field] !== undefined) response[field] = brand[field];
  }
  return {
    ...(response as Omit<
      BrandResponseDto,
      'brandStatus' | 'campaignStatus' | 'createdAt' | 'updatedAt'
    >),
    ...(brand.fullAddress !== undefined && { fullAddress: brand.fullAddress }),
    brandStatus: brand.status,
    campaignStatus,
    ...(brand.statusReason !== undefined && { statusReason: brand.statusReason }),
    createdAt: brand.createdAt.toISOString(),
    updatedAt: brand.updatedAt.toISOString(),
  };
}
