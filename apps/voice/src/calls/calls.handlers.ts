import { Injectable } from '@nestjs/common';
import {
  GetVoiceCallResponseDto,
  InboundVoiceCallReply,
  InboundVoiceCallRequest,
  ListVoiceCallsRequest,
  ListVoiceCallsResponseDto,
  PlaceVoiceCallRequest,
  Requests,
  VoiceCallRef,
  VoiceCallResponseDto,
  VoiceCallStatusRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { CallsService } from './calls.service';

@Injectable()
export class CallsHandlers {
  constructor(private readonly calls: CallsService) {}

  @HandleRequest(Requests.placeVoiceCall, PlaceVoiceCallRequest)
  place(request: PlaceVoiceCallRequest): Promise<VoiceCallResponseDto> {
    return this.calls.place(request);
  }

  @HandleRequest(Requests.getVoiceCall, VoiceCallRef)
  get({ accountId, trackingId }: VoiceCallRef): Promise<GetVoiceCallResponseDto> {
    return this.calls.get(accountId, trackingId);
  }

  @HandleRequest(Requests.listVoiceCalls, ListVoiceCallsRequest)
  list(request: ListVoiceCallsRequest): Promise<ListVoiceCallsResponseDto> {
    return this.calls.list(request);
  }

  @HandleRequest(Requests.inboundVoiceCall, InboundVoiceCallRequest)
  inbound(request: InboundVoiceCallRequest): Promise<InboundVoiceCallReply> {
    return this.calls.inbound(request);
  }

  @HandleRequest(Requests.voiceCallStatus, VoiceCallStatusRequest)
  status(request: VoiceCallStatusRequest): Promise<{ known: boolean }> {
    return this.calls.providerStatus(request);
  }
}
