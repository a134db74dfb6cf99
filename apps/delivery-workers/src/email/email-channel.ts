import { Inject, Injectable } from '@nestjs/common';
import { EmailDeliveryJob, SendEmailContentDto, SuppressionReason } from '@clarion/contracts';
import { BlobStore } from '@clarion/messaging';
import { ChannelDelivery, DeliveryAddress } from '../delivery/channel-delivery';
import { EMAIL_PROVIDER } from '../delivery/delivery.tokens';
import { AttemptContext, FailedOutcome, ProviderOutcome } from '../delivery/provider-outcome';
import { suppressionOfBounce } from '../inbound-mail/bounce-codes';
import { SigningDomain, SigningDomains } from '../sender-domains/signing-domains';
import { requestedSenderAddress } from './email-sender';
import { EmailSuppressions } from './email-suppressions';
import { withStoredAttachments } from './stored-attachments';

/** SMTP (or the sandbox when SMTP_URL is unset). */
export interface EmailProvider {
  readonly provider: 'smtp' | 'sandbox';
  /** `signing`: the account's verified sender domains, which mail from them is signed with. */
  send(
    job: EmailDeliveryJob,
    ctx: AttemptContext,
    signing: SigningDomain[],
  ): Promise<ProviderOutcome>;
}

@Injectable()
export class EmailChannel implements ChannelDelivery<SendEmailContentDto> {
  readonly channel = 'email';
  readonly gaveUpCode = 'UNDETERMINED_BOUNCE';
  readonly noAddressCode = 'MISSING_EMAIL_RECIPIENT';
  /** A resend carries the same Message-ID, which mail systems use to drop duplicates. */
  readonly resendsSafely = true;

  constructor(
    @Inject(EMAIL_PROVIDER) private readonly sender: EmailProvider,
    private readonly blobs: BlobStore,
    private readonly signingDomains: SigningDomains,
    private readonly suppressions: EmailSuppressions,
  ) {}

  addressesOf(job: EmailDeliveryJob): DeliveryAddress[] {
    return job.recipient.email ? [{ address: job.recipient.email.toLowerCase() }] : [];
  }

  providerOf(): string {
    return this.sender.provider;
  }

  async deliver(
    job: EmailDeliveryJob,
    address: DeliveryAddress,
    ctx: AttemptContext,
  ): Promise<ProviderOutcome> {
    const complete = await withStoredAttachments(job, this.blobs);
    if ('status' in complete) return complete;
    // Only a send that asks for a sender address can be signed for one of the account's domains.
    const signing =
      requestedSenderAddress(job) === undefined ? [] : await this.signingDomains.of(job.accountId);
    const outcome = await this.sender.send(complete, ctx, signing);
    if (outcome.status === 'failed') await this.suppressAfterBounce(job, address, outcome);
    return outcome;
  }

  /**
   * A refusal at send time (an SMTP 5xx) is a bounce as much as a report received later: one
   * that says the address cannot take mail suppresses the user's email, so the next sends fail
   * SUPPRESSED_BOUNCE instead of bouncing again.
   */
  private async suppressAfterBounce(
    job: EmailDeliveryJob,
    address: DeliveryAddress,
    failure: FailedOutcome,
  ): Promise<void> {
    const suppression = suppressionOfBounce(failure.code);
    if (!suppression) return;
    await this.suppressions.suppressOrLog(
      { accountId: job.accountId, envId: job.envId, userId: job.recipient.id },
      SuppressionReason.BOUNCE,
      suppression.retryable,
      { code: failure.code, diagnostic: failure.reason, recipient: address.address },
    );
  }
}
