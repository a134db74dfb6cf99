import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  PreferencesBodyDto,
  PreferencesDeleteQueryDto,
  PreferencesResponseDto,
  Principal,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';

@ApiTags('Preferences')
@RequiresApiKey()
@Controller('users/:userId/preferences')
export class PreferencesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({
    operationId: 'UserGetPreferences',
    summary: "A user's delivery preferences per type, sub-notification and channel",
  })
  @ApiOkResponse({ type: PreferencesResponseDto })
  get(
    @Param('userId') userId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.getPreferences, { ...tenantOf(principal), userId });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'UserSetPreferences',
    summary: 'Create or replace preferences (delivery off, instant, hourly, daily, ...)',
  })
  @ApiOkResponse({ type: PreferencesResponseDto })
  set(
    @Param('userId') userId: string,
    @Body() body: PreferencesBodyDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.setPreferences, {
      ...tenantOf(principal),
      userId,
      preferences: body.preferences,
    });
  }

  @Delete()
  @ApiOperation({
    operationId: 'UserDeletePreferences',
    summary: 'Remove preferences: all, of one type, or of one sub-notification',
  })
  @ApiOkResponse({ type: PreferencesResponseDto })
  delete(
    @Param('userId') userId: string,
    @Query() query: PreferencesDeleteQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.deletePreferences, {
      ...tenantOf(principal),
      userId,
      ...query,
    });
  }
}
