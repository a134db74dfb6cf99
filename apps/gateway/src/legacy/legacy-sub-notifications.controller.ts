import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import {
  Principal,
  Requests,
  SubNotificationBodyDto,
  SubNotificationResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { LegacyClientCredentials, LegacyRoutes } from './legacy-routes';

/** The hosted service's sub-notification routes (PUT and DELETE /types/…/subNotifications/…). */
@LegacyRoutes()
@LegacyClientCredentials()
@Controller(':clientId/notifications/:notificationId/subNotifications')
export class LegacySubNotificationsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Put(':subNotificationId')
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
