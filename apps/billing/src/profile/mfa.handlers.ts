import { Injectable } from '@nestjs/common';
import {
  MfaDisableRequest,
  MfaSetupResponseDto,
  MfaStatusResponseDto,
  MfaVerifyRequest,
  ProfileScope,
  Requests,
  SuccessResponseDto,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { MfaService } from './mfa.service';

@Injectable()
export class MfaHandlers {
  constructor(private readonly mfa: MfaService) {}

  @HandleRequest(Requests.mfaStatus, ProfileScope)
  status(request: ProfileScope): Promise<MfaStatusResponseDto> {
    return this.mfa.status(request.profileId);
  }

  @HandleRequest(Requests.mfaSetup, ProfileScope)
  setup(request: ProfileScope): Promise<MfaSetupResponseDto> {
    return this.mfa.setup(request.profileId);
  }

  @HandleRequest(Requests.mfaVerify, MfaVerifyRequest)
  verify(request: MfaVerifyRequest): Promise<SuccessResponseDto> {
    return this.mfa.verify(request.profileId, request.code, request.session);
  }

  @HandleRequest(Requests.mfaDisable, MfaDisableRequest)
  disable(request: MfaDisableRequest): Promise<SuccessResponseDto> {
    return this.mfa.disable(request.profileId);
  }
}
