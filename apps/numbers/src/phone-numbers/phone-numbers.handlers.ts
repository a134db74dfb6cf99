import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  BindPhoneNumberRequest,
  ListPhoneNumbersResponseDto,
  ListReleasedPhoneNumbersResponseDto,
  OrderPhoneNumberRequest,
  OrderPhoneNumberResponseDto,
  PhoneNumberDto,
  PhoneNumberRef,
  PhoneNumberRouteReply,
  PhoneNumberRouteRequest,
  ReleasePhoneNumberResponseDto,
  Requests,
  SearchAvailableNumbersRequest,
  SearchAvailablePhoneNumbersResponseDto,
  UnbindPhoneNumbersReply,
  UnbindPhoneNumbersRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { PhoneNumbersService } from './phone-numbers.service';

@Injectable()
export class PhoneNumbersHandlers {
  constructor(private readonly numbers: PhoneNumbersService) {}

  @HandleRequest(Requests.searchAvailableNumbers, SearchAvailableNumbersRequest)
  search(request: SearchAvailableNumbersRequest): Promise<SearchAvailablePhoneNumbersResponseDto> {
    return this.numbers.search(request);
  }

  @HandleRequest(Requests.orderNumber, OrderPhoneNumberRequest)
  order(request: OrderPhoneNumberRequest): Promise<OrderPhoneNumberResponseDto> {
    return this.numbers.order(request);
  }

  @HandleRequest(Requests.listNumbers, AccountScope)
  list({ accountId }: AccountScope): Promise<ListPhoneNumbersResponseDto> {
    return this.numbers.list(accountId);
  }

  @HandleRequest(Requests.listReleasedNumbers, AccountScope)
  listReleased({ accountId }: AccountScope): Promise<ListReleasedPhoneNumbersResponseDto> {
    return this.numbers.listReleased(accountId);
  }

  @HandleRequest(Requests.releaseNumber, PhoneNumberRef)
  release({ accountId, phoneNumber }: PhoneNumberRef): Promise<ReleasePhoneNumberResponseDto> {
    return this.numbers.release(accountId, phoneNumber);
  }

  /** For the voice service: inbound calls to the number go to the agent. */
  @HandleRequest(Requests.bindNumber, BindPhoneNumberRequest)
  bind({ accountId, phoneNumber, agentId }: BindPhoneNumberRequest): Promise<PhoneNumberDto> {
    return this.numbers.bind(accountId, phoneNumber, agentId);
  }

  @HandleRequest(Requests.unbindNumbers, UnbindPhoneNumbersRequest)
  async unbind({
    accountId,
    agentId,
    phoneNumber,
  }: UnbindPhoneNumbersRequest): Promise<UnbindPhoneNumbersReply> {
    return { phoneNumbers: await this.numbers.unbind(accountId, agentId, phoneNumber) };
  }

  /** For the voice service: whose is the number a call came in on, and which agent takes it. */
  @HandleRequest(Requests.routeNumber, PhoneNumberRouteRequest)
  route({ phoneNumber }: PhoneNumberRouteRequest): Promise<PhoneNumberRouteReply> {
    return this.numbers.route(phoneNumber);
  }
}
