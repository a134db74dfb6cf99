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
   * A failure is only logged: the next send to the address bounces again and asks again. Detail
   * values are clipped to what the request accepts (a diagnostic can be long).
   */
  async suppress(
    user: EndUserRef,
    reason: SuppressionReason,
    retryable: boolean,
    details: Record<string, string>,
  ): Promise<void> {
    const limit = SUPPRESSION_DETAILS_LIMITS.valueLength - 1;
    await this.messaging
      .request(Requests.suppressEmail, {
        accountId: user.accountId,
        envId: user.envId,
        userId: user.userId,
        reason,
        retryable,
        details: Object.fromEntries(
          Object.entries(details).map(([name, value]) => [name, clipped(value, limit)]),
        ),
      })
      .catch((error: unknown) =>
        this.logger.warn(`could not suppress email to ${user.userId}: ${String(error)}`),
      );
  }
}
