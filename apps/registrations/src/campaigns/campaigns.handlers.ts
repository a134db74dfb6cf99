import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  CampaignOfReply,
  CampaignResponseDto,
  Requests,
  UpdateCampaignRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { CampaignsService } from './campaigns.service';

@Injectable()
export class CampaignsHandlers {
  constructor(private readonly campaigns: CampaignsService) {}

  @HandleRequest(Requests.getCampaign, AccountScope)
  get(scope: AccountScope): Promise<CampaignOfReply> {
    return this.campaigns.get(scope.accountId);
  }

  @HandleRequest(Requests.updateCampaign, UpdateCampaignRequest)
  update(request: UpdateCampaignRequest): Promise<CampaignResponseDto> {
    return this.campaigns.update(request);
  }
}
