import { Controller, Delete, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BULK_SUPPRESSION_REASONS,
  BulkSuppressionReason,
  Channel,
  MessageResponseDto,
  Principal,
  Requests,
  UserSuppressionResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { ChannelParamPipe } from '../notification-types/channel-param.pipe';
import { userWithHints } from '../users/user-with-hints';

@ApiTags('Users')
@RequiresApiKey()
@Controller()
export class SuppressionsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Delete('user_suppression/:userId/channel/:channel')
  @ApiOperation({
    operationId: 'UsersRemoveUserFromSuppression',
    summary: 'Remove the suppression of one user for one channel',
  })
  @ApiOkResponse({ type: UserSuppressionResponseDto })
  async removeOne(
    @Param('userId') userId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @CurrentPrincipal() principal: Principal,
  ): Promise<UserSuppressionResponseDto> {
    const { user } = await this.messaging.request(Requests.removeSuppression, {
      ...tenantOf(principal),
      userId,
      channel,
    });
    return { user: userWithHints(user) };
  }

  @Delete('email/suppressions/:reason')
  @ApiOperation({
    operationId: 'EmailDeleteSuppressions',
    summary: 'Start removing all retryable or all bounce suppressions (runs in the background)',
    description:
      'Answers as soon as the job is queued; the suppressions are not cleared yet when it does.',
  })
  @ApiOkResponse({ type: MessageResponseDto })
  removeBulk(
    @Param('reason') reason: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MessageResponseDto> {
    if (!BULK_SUPPRESSION_REASONS.includes(reason as BulkSuppressionReason)) {
      throw new ValidationFailedError(
        `reason must be one of ${BULK_SUPPRESSION_REASONS.join(', ')}`,
        'Use DELETE /email/suppressions/bounces or /email/suppressions/retryable.',
      );
    }
    return this.messaging.request(Requests.removeSuppressions, {
      ...tenantOf(principal),
      reason: reason as BulkSuppressionReason,
    });
  }
}
