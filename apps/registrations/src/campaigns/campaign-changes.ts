import {
  CAMPAIGN_FLAG_FIELDS,
  CAMPAIGN_TEXT_FIELDS,
  CampaignFields,
  CampaignUpdateDto,
} from '@clarion/contracts';
import { setFieldsOf } from '../workflow/registration-record';

export const CAMPAIGN_FIELDS = [...CAMPAIGN_TEXT_FIELDS, ...CAMPAIGN_FLAG_FIELDS] as const;

/** Applies an update: given fields replace stored ones; null or an empty string clears one. */
export function mergeCampaignUpdate(
  stored: CampaignFields,
  update: CampaignUpdateDto,
): CampaignFields {
  const merged: Record<string, unknown> = { ...campaignFieldsOf(stored) };
  for (const field of CAMPAIGN_FIELDS) {
    const value: unknown = update[field];
    if (value === undefined) continue;
    if (value === null || value === '') delete merged[field];
    else merged[field] = value;
  }
  return merged as CampaignFields;
}

/** Only the business fields of a stored campaign. */
export function campaignFieldsOf(stored: CampaignFields): CampaignFields {
  return setFieldsOf(stored, CAMPAIGN_FIELDS);
}
