import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PreferencesBodyDto, PreferencesResponseDto, Requests } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { EndUser } from '../auth/authenticated-request';
import { CurrentEndUser, RequiresEndUser } from '../auth/auth.decorators';

/** The end user's own preferences, for a preference center in the app (Basic end-user auth). */
@ApiTags('Preferences')
@RequiresEndUser()
@Controller('user/preferences')
export class EndUserPreferencesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({ operationId: 'UserGetOwnPreferences', summary: "The end user's preferences" })
  @ApiOkResponse({ type: PreferencesResponseDto })
  get(@CurrentEndUser() user: EndUser): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.getPreferences, user);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ operationId: 'UserSetOwnPreferences', summary: 'Set own preferences' })
  @ApiOkResponse({ type: PreferencesResponseDto })
  set(
    @Body() body: PreferencesBodyDto,
    @CurrentEndUser() user: EndUser,
  ): Promise<PreferencesResponseDto> {
    return this.messaging.request(Requests.setPreferences, {
      ...user,
      preferences: body.preferences,
      reportUnsubscribes: true,
    });
  }
}
