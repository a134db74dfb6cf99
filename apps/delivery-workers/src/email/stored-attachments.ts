import { EmailDeliveryJob } from '@clarion/contracts';
import { BlobStore } from '@clarion/messaging';
import { FailedOutcome } from '../delivery/provider-outcome';

/**
 * The job with its inline attachments' bytes back in place (the gateway kept them in the blob
 * store, as messages cannot carry megabytes). Only blobs under the job's own account are read.
 */
export async function withStoredAttachments(
  job: EmailDeliveryJob,
  blobs: BlobStore,
): Promise<EmailDeliveryJob | FailedOutcome> {
  const attachments = job.options?.email?.attachments;
  if (!attachments?.some((attachment) => attachment.storedAs !== undefined)) return job;
  const restored = [];
  for (const attachment of attachments) {
    const { storedAs, ...rest } = attachment;
    if (storedAs === undefined) {
      restored.push(attachment);
      continue;
    }
    const bytes = storedAs.startsWith(`${job.accountId}/`) ? await blobs.get(storedAs) : undefined;
    if (!bytes) {
      return {
        status: 'failed',
        code: 'TRANSIENT_ATTACHMENT_REJECTED_BOUNCE',
        reason: `the inline attachment ${attachment.filename} is no longer stored (kept 7 days)`,
      };
    }
    restored.push({ ...rest, content: Buffer.from(bytes).toString('base64') });
  }
  const email = { ...job.options?.email, attachments: restored };
  return { ...job, options: { ...job.options, email } };
}
