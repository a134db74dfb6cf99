import { Injectable } from '@nestjs/common';
import {
  DeletePreferencesRequest,
  EndUserRef,
  PreferencesResponseDto,
  Requests,
  SetPreferencesRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { PreferencesRepository } from './preferences.repository';

@Injectable()
export class PreferencesHandlers {
  constructor(private readonly preferences: PreferencesRepository) {}

  @HandleRequest(Requests.getPreferences, EndUserRef)
  async get(user: EndUserRef): Promise<PreferencesResponseDto> {
    return { preferences: await this.preferences.list(user) };
  }

  @HandleRequest(Requests.setPreferences, SetPreferencesRequest)
  async set(request: SetPreferencesRequest): Promise<PreferencesResponseDto> {
    await this.preferences.upsert(request);
    return this.get(request);
  }

  @HandleRequest(Requests.deletePreferences, DeletePreferencesRequest)
  async delete(request: DeletePreferencesRequest): Promise<PreferencesResponseDto> {
    await this.preferences.delete(request);
    return this.get(request);
  }
}
