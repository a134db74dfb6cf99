import { Injectable } from '@nestjs/common';
import {
  DeletePreferencesRequest,
  EndUserRef,
  PreferencesResponseDto,
  Requests,
  SetPreferencesRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { SubNotificationsRepository } from '../sub-notifications/sub-notifications.repository';
import { PreferencesRepository } from './preferences.repository';
import { PreferencesService } from './preferences.service';

@Injectable()
export class PreferencesHandlers {
  constructor(
    private readonly preferences: PreferencesRepository,
    private readonly service: PreferencesService,
    private readonly subNotifications: SubNotificationsRepository,
  ) {}

  /** The user's preferences, with the sub-notifications a preference center offers on their own. */
  @HandleRequest(Requests.getPreferences, EndUserRef)
  async get(user: EndUserRef): Promise<PreferencesResponseDto> {
    const [preferences, subNotifications] = await Promise.all([
      this.preferences.list(user),
      this.subNotifications.list(user),
    ]);
    return { preferences, subNotifications };
  }

  @HandleRequest(Requests.setPreferences, SetPreferencesRequest)
  async set(request: SetPreferencesRequest): Promise<PreferencesResponseDto> {
    await this.service.set(request);
    return this.get(request);
  }

  @HandleRequest(Requests.deletePreferences, DeletePreferencesRequest)
  async delete(request: DeletePreferencesRequest): Promise<PreferencesResponseDto> {
    await this.preferences.delete(request);
    return this.get(request);
  }
}
