import { CampaignFields } from '@clarion/contracts';
import { BrandFields } from '../brands/brand-fields';

/** What goes to carriers: the brand, and for a campaign the campaign with its brand's reference. */
export type CarrierSubmission =
  | { subject: 'brand'; accountId: string; brand: BrandFields }
  | {
      subject: 'campaign';
      accountId: string;
      brand: BrandFields;
      brandReference?: string;
      campaign: CampaignFields;
    };

export interface CarrierReceipt {
  /** The carrier's (or registry's) id of the submitted brand or campaign. */
  reference: string;
}

/**
 * Submits registrations for carrier review (The Campaign Registry, through a provider such as
 * Twilio TrustHub). Throws a DomainError (PROVIDER_ERROR) when the provider refuses.
 */
export interface CarrierRegistrar {
  /** Recorded with each submission. */
  readonly name: string;
  submit(submission: CarrierSubmission): Promise<CarrierReceipt>;
}

export const CARRIER_REGISTRAR = Symbol('CARRIER_REGISTRAR');
