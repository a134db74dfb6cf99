import { Shape } from '../messaging/payload-shape';
import { TenantScope } from '../common/tenant-scope';
import { BulkSuppressionReason } from './suppression-requests';

/**
 * One step of a bulk suppression removal (DELETE /email/suppressions/{reason}) on the SENDS
 * stream. The request stores step 0 before it answers; each step clears one batch of the
 * environment's suppressions and, while batches come back full, stores the next step. A step is
 * re-runnable (it clears only what is still suppressed), so one redelivered after a crash resumes
 * the removal rather than starting it over.
 */
export interface SuppressionRemovalJob extends TenantScope {
  /** Names the removal across its steps: each step's Nats-Msg-Id is `<removalId>:<step>`. */
  removalId: string;
  reason: BulkSuppressionReason;
  /** 0 for the step the request stored. */
  step: number;
  /** Suppressions cleared by the earlier steps. */
  removed: number;
}

export const SUPPRESSION_REMOVAL_SHAPE: Shape<SuppressionRemovalJob> = {
  removalId: 'string',
  accountId: 'string',
  envId: 'string',
  reason: 'string',
  step: 'number',
  removed: 'number',
};

/** The Nats-Msg-Id of a step: a step stored twice (a redelivered one's successor) is kept once. */
export function suppressionRemovalMsgId(job: SuppressionRemovalJob): string {
  return `suppression-removal:${job.removalId}:${job.step}`;
}
