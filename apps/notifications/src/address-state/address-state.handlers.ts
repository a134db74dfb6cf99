import { Injectable } from '@nestjs/common';
import {
  RemoveDeadAddressRequest,
  Requests,
  SetSmsOptOutRequest,
  SuccessResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { AddressStateRepository } from './address-state.repository';

/** What providers report about a user's addresses: STOP/START texts and dead push tokens. */
@Injectable()
export class AddressStateHandlers {
  constructor(private readonly addresses: AddressStateRepository) {}

  @HandleRequest(Requests.setSmsOptOut, SetSmsOptOutRequest)
  async setSmsOptOut(request: SetSmsOptOutRequest): Promise<SuccessResponseDto> {
    await this.addresses.setSmsOptOut(request);
    return { success: true };
  }

  @HandleRequest(Requests.removeDeadAddress, RemoveDeadAddressRequest)
  async removeDeadAddress(request: RemoveDeadAddressRequest): Promise<SuccessResponseDto> {
    await this.addresses.removeDeadAddress(request);
    return { success: true };
  }
}
