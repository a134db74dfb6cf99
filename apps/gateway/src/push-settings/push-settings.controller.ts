import { Body, Controller, Delete, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApnSettingsDto,
  FcmSettingsDto,
  Principal,
  PushSettingsResponseDto,
  Requests,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { apnKeyOf, serviceAccountOf } from './push-settings-bodies';

/**
 * The environment's mobile push credentials: stored by delivery-workers, the private keys never
 * read back. Bodies and answers carry Clarion's fields and those of the hosted service's SDK.
 */
@ApiTags('Settings')
@RequiresApiKey()
@Controller('settings/push')
export class PushSettingsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get('fcm')
  @ApiOperation({ summary: 'Whether FCM is configured, and for which project' })
  @ApiOkResponse({ type: PushSettingsResponseDto })
  getFcm(@CurrentPrincipal() principal: Principal): Promise<PushSettingsResponseDto> {
    return this.messaging.request(Requests.getPushSettings, {
      ...tenantOf(principal),
      provider: 'fcm',
    });
  }

  @Put('fcm')
  @ApiOperation({ summary: "Set the environment's FCM service account" })
  @ApiOkResponse({ type: PushSettingsResponseDto })
  putFcm(
    @Body() body: FcmSettingsDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PushSettingsResponseDto> {
    return this.messaging.request(Requests.saveFcmSettings, {
      ...tenantOf(principal),
      serviceAccount: serviceAccountOf(body),
    });
  }

  @Delete('fcm')
  @ApiOperation({ summary: "Remove the environment's FCM credentials" })
  @ApiOkResponse({ type: SuccessResponseDto })
  deleteFcm(@CurrentPrincipal() principal: Principal): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deletePushSettings, {
      ...tenantOf(principal),
      provider: 'fcm',
    });
  }

  @Get('apn')
  @ApiOperation({ summary: 'Whether APNs is configured, and for which team, key and app' })
  @ApiOkResponse({ type: PushSettingsResponseDto })
  getApn(@CurrentPrincipal() principal: Principal): Promise<PushSettingsResponseDto> {
    return this.messaging.request(Requests.getPushSettings, {
      ...tenantOf(principal),
      provider: 'apn',
    });
  }

  @Put('apn')
  @ApiOperation({ summary: "Set the environment's APNs authentication key" })
  @ApiOkResponse({ type: PushSettingsResponseDto })
  putApn(
    @Body() body: ApnSettingsDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<PushSettingsResponseDto> {
    return this.messaging.request(Requests.saveApnSettings, {
      ...tenantOf(principal),
      ...apnKeyOf(body),
    });
  }

  @Delete('apn')
  @ApiOperation({ summary: "Remove the environment's APNs credentials" })
  @ApiOkResponse({ type: SuccessResponseDto })
  deleteApn(@CurrentPrincipal() principal: Principal): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deletePushSettings, {
      ...tenantOf(principal),
      provider: 'apn',
    });
  }
}
