import { Inject, Injectable } from '@nestjs/common';
import {
  ConnectSlackRequest,
  DomainError,
  ErrorCode,
  NotImplementedError,
  Requests,
  SuccessResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { describeError } from '../delivery/describe-error';
import { SLACK_APP } from '../delivery/delivery.tokens';
import { SlackApp } from './slack-config';
import { SlackApiError } from './slack-errors';
import { SlackAdapter } from './slack.adapter';

/**
 * "Add to Slack" for a user: the code Slack redirected with is traded for the app's token in the
 * user's workspace, which is stored as the user's slackToken (what Slack sends read).
 */
@Injectable()
export class SlackConnections {
  constructor(
    private readonly slack: SlackAdapter,
    private readonly messaging: MessagingClient,
    @Inject(SLACK_APP) private readonly app: SlackApp | null,
  ) {}

  async connect(request: ConnectSlackRequest): Promise<SuccessResponseDto> {
    if (!this.app) {
      throw new NotImplementedError(
        'Connecting Slack on this deployment',
        'Set SLACK_CLIENT_ID and SLACK_CLIENT_SECRET of your Slack app on delivery-workers, or store a token with the user (slackToken).',
      );
    }
    const slackToken = await this.slack
      .exchangeCode(this.app, request.code, request.redirectUri)
      .catch((error: unknown) => {
        throw refusalOf(error);
      });
    const { accountId, envId, userId } = request;
    await this.messaging.request(Requests.identifyUser, {
      accountId,
      envId,
      userId,
      fields: { slackToken },
    });
    return { success: true };
  }
}

function refusalOf(error: unknown): DomainError {
  if (error instanceof SlackApiError) {
    return new ValidationFailedError(
      `Slack refused the code: ${error.slackError}`,
      "A code is good once, for 10 minutes, with the redirect_uri of its authorization request and this deployment's Slack app.",
    );
  }
  return new DomainError(
    ErrorCode.PROVIDER_ERROR,
    `Slack did not answer the code: ${describeError(error)}`,
    'Try again in a moment.',
  );
}
