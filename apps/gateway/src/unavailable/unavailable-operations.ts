import { NotImplementedError } from '@clarion/contracts';

/** Operations of the hosted service's dashboard, which Clarion does not have. */
export function dashboardOnly(operation: string, instead: string): NotImplementedError {
  return new NotImplementedError(
    operation,
    `It belongs to the hosted service's dashboard, which Clarion does not include. ${instead}`,
  );
}
