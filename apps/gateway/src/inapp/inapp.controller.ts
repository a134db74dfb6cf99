import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  InappListQueryDto,
  InappMarkSeenDto,
  InappNotificationsResponseDto,
  InappStatusUpdateDto,
  InappUnreadCountResponseDto,
  Requests,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { EndUser } from '../auth/authenticated-request';
import { CurrentEndUser, RequiresEndUser } from '../auth/auth.decorators';

const DEFAULT_COUNT = 10;

@ApiTags('In-app inbox')
@RequiresEndUser()
@Controller('user/inapp')
export class InappController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'UserGetInAppNotifications',
    summary: "The end user's in-app notifications, newest first",
  })
  @ApiOkResponse({ type: InappNotificationsResponseDto })
  async list(
    @Query() query: InappListQueryDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<InappNotificationsResponseDto> {
    const notifications = await this.messaging.request(Requests.listInbox, {
      ...user,
      before: query.before,
      count: query.count ?? DEFAULT_COUNT,
    });
    return { notifications };
  }

  @Get('unread')
  @ApiOperation({
    operationId: 'UserGetInAppUnreadCount',
    summary: 'How many in-app notifications are unread',
  })
  @ApiOkResponse({ type: InappUnreadCountResponseDto })
  async unread(@CurrentEndUser() user: EndUser): Promise<InappUnreadCountResponseDto> {
    return { count: await this.messaging.request(Requests.countUnread, user) };
  }

  @Patch('unread')
  @ApiOperation({
    operationId: 'UserMarkInAppNotificationsAsSeen',
    summary: 'Mark one, one type, or all as seen',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  markSeen(
    @Body() target: InappMarkSeenDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.markSeen, { ...user, target });
  }

  @Patch()
  @ApiOperation({
    operationId: 'UserUpdateInAppNotificationStatus',
    summary: 'Set opened, clicked, archived, actioned or replies',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  updateStatus(
    @Body() update: InappStatusUpdateDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.updateInappStatus, { ...user, update });
  }
}
