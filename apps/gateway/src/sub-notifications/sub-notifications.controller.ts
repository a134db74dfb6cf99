import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Principal,
  Requests,
  SubNotificationBodyDto,
  SubNotificationResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';

@ApiTags('Notification types')
@RequiresApiKey()
@Controller('types/:notificationId/subNotifications')
export class SubNotificationsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Put(':subNotificationId')
  @ApiOperation({
    operationId: 'SubNotificationsSave',
    summary: 'Create or retitle a sub-notification of a type',
    description:
      'A sub-notification is a subgroup of a type (a project, a group) that users opt in and out of on its own: sends name it with subNotificationId (which registers it, titled by its id), preferences may be set for it, and GET /users/{userId}/preferences lists it.',
  })
  @ApiOkResponse({ type: SubNotificationResponseDto })
  save(
    @Param('notificationId') notificationId: string,
    @Param('subNotificationId') subNotificationId: string,
    @Body() body: SubNotificationBodyDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SubNotificationResponseDto> {
    return this.messaging.request(Requests.saveSubNotification, {
      ...tenantOf(principal),
      notificationId,
      subNotificationId,
      title: body.title,
    });
  }

  @Delete(':subNotificationId')
  @ApiOperation({
    operationId: 'SubNotificationsDelete',
    summary: 'Remove a sub-notification with the users’ preferences for it',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(
    @Param('notificationId') notificationId: string,
    @Param('subNotificationId') subNotificationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteSubNotification, {
      ...tenantOf(principal),
      notificationId,
      subNotificationId,
    });
  }
}
