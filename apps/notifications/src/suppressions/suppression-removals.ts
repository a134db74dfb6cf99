import { Injectable, Logger } from '@nestjs/common';
import {
  BulkRemoveSuppressionsRequest,
  Jobs,
  MessageResponseDto,
  newTimeOrderedId,
  SuppressionRemovalJob,
  suppressionRemovalMsgId,
} from '@clarion/contracts';
import { JobItem, MessagingClient } from '@clarion/messaging';
import { Context } from '@opentelemetry/api';
import { SuppressionsRepository } from './suppressions.repository';

/** Users cleared by one step: one statement, well within the consumer's ack wait. */
export const SUPPRESSION_REMOVAL_BATCH = 500;

/**
 * Bulk suppression removal (DELETE /email/suppressions/{reason}) as a chain of jobs on SENDS:
 * the request is answered once its first step is stored, and each step clears one batch and
 * stores the next while batches come back full. A step is acked only after its successor is
 * stored, so a crash at any point leaves a step to redeliver; running one again clears only what
 * is still suppressed, and its successor's msg id keeps the chain from forking. Between steps
 * the consumer takes other work, so a large environment never holds up a small one.
 */
@Injectable()
export class SuppressionRemovals {
  private readonly logger = new Logger(SuppressionRemovals.name);

  constructor(
    private readonly suppressions: SuppressionsRepository,
    private readonly messaging: MessagingClient,
  ) {}

  async start(request: BulkRemoveSuppressionsRequest): Promise<MessageResponseDto> {
    await this.store({
      removalId: newTimeOrderedId(),
      accountId: request.accountId,
      envId: request.envId,
      reason: request.reason,
      step: 0,
      removed: 0,
    });
    return { message: `Removal of ${request.reason} suppressions started` };
  }

  /** Runs a batch of steps; the steps of one environment and kind run as one. */
  async runSteps(items: JobItem<SuppressionRemovalJob>[]): Promise<void> {
    for (const group of stepsByTarget(items)) {
      await this.runStep(group.lead).catch((error: unknown) =>
        group.items.forEach((item) => item.retry(error)),
      );
    }
  }

  private async runStep({
    payload: job,
    traceContext,
  }: JobItem<SuppressionRemovalJob>): Promise<void> {
    const cleared = await this.suppressions.clearEmailSuppressions(
      job,
      job.reason,
      SUPPRESSION_REMOVAL_BATCH,
    );
    const removed = job.removed + cleared;
    if (cleared === SUPPRESSION_REMOVAL_BATCH) {
      await this.store({ ...job, step: job.step + 1, removed }, traceContext);
      return;
    }
    this.logger.log(
      `Removed ${removed} ${job.reason} suppressions of environment ${job.envId} in ${job.step + 1} steps`,
    );
  }

  private async store(job: SuppressionRemovalJob, traceContext?: Context): Promise<void> {
    await this.messaging.publishJob(Jobs.suppressionRemoval, job, {
      msgId: suppressionRemovalMsgId(job),
      traceContext,
    });
  }
}

export interface StepsOfTarget {
  /** The step that runs: its chain goes on, the others end with it, their work done by it. */
  readonly lead: JobItem<SuppressionRemovalJob>;
  readonly items: JobItem<SuppressionRemovalJob>[];
}

/**
 * Groups a batch's steps by what they remove (account, environment, kind): a repeated request
 * is one removal. The lead is the latest step, so the successor it stores is never one of the
 * steps acked with it (a step redelivered beside its own successor would otherwise end the chain).
 */
export function stepsByTarget(items: JobItem<SuppressionRemovalJob>[]): StepsOfTarget[] {
  const groups = new Map<string, JobItem<SuppressionRemovalJob>[]>();
  for (const item of items) {
    const { accountId, envId, reason } = item.payload;
    const key = `${accountId}:${envId}:${reason}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()].map((group) => ({
    lead: group.reduce((latest, item) => (item.payload.step > latest.payload.step ? item : latest)),
    items: group,
  }));
}
