import { NotImplementedError } from '@clarion/contracts';

/** Inbound addresses and sender domains: Clarion's email inboxes are not built yet. */
export function emailInboxesNotYet(operation: string): NotImplementedError {
  return new NotImplementedError(
    operation,
    'Inbound addresses and sender domains come with email inboxes in a later version. Until then ' +
      'email goes out from EMAIL_FROM_ADDRESS, and a fromAddress is used when its domain is one ' +
      "of delivery-workers' EMAIL_VERIFIED_DOMAINS.",
  );
}

/** Operations of the hosted service's dashboard, which Clarion does not have. */
export function dashboardOnly(operation: string, instead: string): NotImplementedError {
  return new NotImplementedError(
    operation,
    `It belongs to the hosted service's dashboard, which Clarion does not include. ${instead}`,
  );
}
