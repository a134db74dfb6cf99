import { Body, Controller, Delete, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  LegacyPreferenceDto,
  PreferencesDeleteQueryDto,
  PreferencesResponseDto,
  Principal,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { EndUser } from '../auth/authenticated-request';
import { CurrentEndUser, CurrentPrincipal } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { LegacyPreferencesPipe, preferencesOfLegacy } from './legacy-preferences';
import { LegacyClientCredentials, LegacyEndUser, LegacyRoutes } from './legacy-routes';

/** The hosted service's preference routes (POST and DELETE /users/{userId}/preferences). */
@LegacyRoutes()
@Controller(':clientId')
export class LegacyPreferencesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('user_preferences/:userId')
  @HttpCode(200)
  @LegacyClientCredentials()
  set(
    @Param('userId') userId: string,
    @Body(LegacyPreferencesPipe) preferences: LegacyPreferenceDto[],
    @CurrentPrincipal() principal: Principal,
  ): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.setPreferences, {
      ...tenantOf(principal),
      userId,
      preferences: preferencesOfLegacy(preferences),
    });
  }

  @Delete('users/:userId/preferences')
  @LegacyEndUser()
  delete(
    @Query() query: PreferencesDeleteQueryDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.deletePreferences, { ...user, ...query });
  }
}
