import { Injectable, Logger } from '@nestjs/common';
import {
  clipped,
  EndUserRef,
  Requests,
  SUPPRESSION_DETAILS_LIMITS,
  SuppressionReason,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';

/**
 * Asks notifications, which owns users, to suppress email to a user after a bounce or a
 * complaint; the user's next sends then fail SUPPRESSED_BOUNCE / SUPPRESSED_COMPLAINT before
 * reaching a provider.
 */
@Injectable()
export class EmailSuppressions {
  private readonly logger = new Logger(EmailSuppressions.name);

  constructor(private readonly messaging: MessagingClient) {}

  /**
   * Detail values are clipped to what the request accepts (a diagnostic can be long). Throws when
   * notifications cannot be asked: a report received later is handled again until it can.
   */
  async suppress(
    user: EndUserRef,
    reason: SuppressionReason,
    retryable: boolean,
    details: Record<string, string>,
  ): Promise<void> {
    const limit = SUPPRESSION_DETAILS_LIMITS.valueLength - 1;
    await this.messaging.request(Requests.suppressEmail, {
      accountId: user.accountId,
      envId: user.envId,
      userId: user.userId,
      reason,
      retryable,
      details: Object.fromEntries(
        Object.entries(details).map(([name, value]) => [name, clipped(value, limit)]),
      ),
    });
  }

  /** At send time a failure is only logged: the next send to the address bounces again and asks again. */
  async suppressOrLog(
    user: EndUserRef,
    reason: SuppressionReason,
    retryable: boolean,
    details: Record<string, string>,
  ): Promise<void> {
    await this.suppress(user, reason, retryable, details).catch((error: unknown) =>
      this.logger.warn(`could not suppress email to ${user.userId}: ${String(error)}`),
    );
  }
}
