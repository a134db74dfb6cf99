import { Body, Controller, HttpCode, Patch, Post } from '@nestjs/common';
import {
  InappStatusUpdateDto,
  Requests,
  SuccessResponseDto,
  UserFieldsDto,
  UserResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { OutboundGuard } from '@clarion/outbound';
import { EndUser } from '../auth/authenticated-request';
import { CurrentEndUser } from '../auth/auth.decorators';
import { assertWebPushEndpointsAllowed } from '../users/web-push-endpoints';
import { LegacyEndUser, LegacyRoutes } from './legacy-routes';
import { userWithHints } from '../users/user-with-hints';

/** The hosted service's routes of one user, with that user's credentials. */
@LegacyRoutes()
@LegacyEndUser()
@Controller(':clientId/users/:userId')
export class LegacyUsersController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly guard: OutboundGuard,
  ) {}

  /** As POST /users/{userId}. */
  @Post()
  @HttpCode(200)
  async identify(
    @Body() fields: UserFieldsDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<UserResponseDto> {
    assertWebPushEndpointsAllowed(fields, this.guard);
    return userWithHints(await this.messaging.request(Requests.identifyUser, { ...user, fields }));
  }

  /** As PATCH /user/inapp. */
  @Patch('notifications/INAPP_WEB')
  updateInapp(
    @Body() update: InappStatusUpdateDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.updateInappStatus, { ...user, update });
  }
}
