import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  Requests,
  SenderDomainRequest,
  SenderDomainResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { SenderDomainsService } from './sender-domains.service';

/** The gateway's `/domains` requests. */
@Injectable()
export class SenderDomainsHandlers {
  constructor(private readonly domains: SenderDomainsService) {}

  @HandleRequest(Requests.addSenderDomain, SenderDomainRequest)
  add(request: SenderDomainRequest): Promise<SenderDomainResponseDto[]> {
    return this.domains.add(request);
  }

  @HandleRequest(Requests.listSenderDomains, AccountScope)
  list(scope: AccountScope): Promise<SenderDomainResponseDto[]> {
    return this.domains.list(scope);
  }

  @HandleRequest(Requests.verifySenderDomain, SenderDomainRequest)
  verify(request: SenderDomainRequest): Promise<SenderDomainResponseDto> {
    return this.domains.verify(request);
  }

  @HandleRequest(Requests.deleteSenderDomain, SenderDomainRequest)
  async delete(request: SenderDomainRequest): Promise<SuccessResponseDto> {
    await this.domains.delete(request);
    return { success: true };
  }
}
