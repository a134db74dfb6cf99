import { Injectable } from '@nestjs/common';
import {
  CreateInboxAddressRequest,
  InboxAddressEnvelopeDto,
  InboxAddressesResponseDto,
  InboxAddressRequest,
  Requests,
  SuccessResponseDto,
  TenantScope,
  UpdateInboxAddressRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { InboxAddressesService } from './inbox-addresses.service';

/** The gateway's `/addresses` requests. */
@Injectable()
export class InboxAddressesHandlers {
  constructor(private readonly addresses: InboxAddressesService) {}

  @HandleRequest(Requests.createInboxAddress, CreateInboxAddressRequest)
  create(request: CreateInboxAddressRequest): Promise<InboxAddressEnvelopeDto> {
    return this.addresses.create(request);
  }

  @HandleRequest(Requests.listInboxAddresses, TenantScope)
  list(tenant: TenantScope): Promise<InboxAddressesResponseDto> {
    return this.addresses.list(tenant);
  }

  @HandleRequest(Requests.updateInboxAddress, UpdateInboxAddressRequest)
  update(request: UpdateInboxAddressRequest): Promise<InboxAddressEnvelopeDto> {
    return this.addresses.update(request);
  }

  @HandleRequest(Requests.deleteInboxAddress, InboxAddressRequest)
  async delete(request: InboxAddressRequest): Promise<SuccessResponseDto> {
    await this.addresses.delete(request);
    return { success: true };
  }
}
