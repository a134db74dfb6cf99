import { NotImplementedError } from '@clarion/contracts';

/** Inbound addresses: Clarion's email inboxes are not built yet. */
export function emailInboxesNotYet(operation: string): NotImplementedError {
  return new NotImplementedError(
    operation,
    'Inbound addresses come with email inboxes in a later version. Sender domains are ready: ' +
      'add one with POST /domains and mail from it is sent from it, DKIM-signed, once verified.',
  );
}

/** Operations of the hosted service's dashboard, which Clarion does not have. */
export function dashboardOnly(operation: string, instead: string): NotImplementedError {
  return new NotImplementedError(
    operation,
    `It belongs to the hosted service's dashboard, which Clarion does not include. ${instead}`,
  );
}
