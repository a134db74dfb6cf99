import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  DEFAULT_NUMBER_SEARCH_LIMIT,
  ListPhoneNumbersResponseDto,
  ListReleasedPhoneNumbersResponseDto,
  OrderPhoneNumberDto,
  OrderPhoneNumberResponseDto,
  Principal,
  ReleasePhoneNumberResponseDto,
  Requests,
  SearchAvailableNumbersQueryDto,
  SearchAvailablePhoneNumbersResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { assertMaySpend } from '../auth/assert-may-spend';
import { PhoneNumberParamPipe } from './phone-number-param.pipe';

@ApiTags('Phone numbers')
@RequiresApiKey('account')
@Controller('numbers')
export class NumbersController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get('available')
  @ApiOperation({
    operationId: 'NumbersSearchAvailable',
    summary: 'Numbers that can be ordered in a country (default 10, at most 50)',
  })
  @ApiOkResponse({ type: SearchAvailablePhoneNumbersResponseDto })
  search(
    @Query() query: SearchAvailableNumbersQueryDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SearchAvailablePhoneNumbersResponseDto> {
    return this.messaging.request(Requests.searchAvailableNumbers, {
      accountId: principal.accountId,
      countryCode: query.countryCode,
      areaCode: query.areaCode,
      features: query.features ?? [],
      limit: query.limit ?? DEFAULT_NUMBER_SEARCH_LIMIT,
    });
  }

  @Post('order')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'NumbersOrderNumber',
    summary:
      'Buy a number from search results, or reactivate one this account released less than 2 weeks ago',
  })
  @ApiOkResponse({ type: OrderPhoneNumberResponseDto })
  order(
    @Body() body: OrderPhoneNumberDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<OrderPhoneNumberResponseDto> {
    assertMaySpend(principal, 'order numbers');
    return this.messaging.request(Requests.orderNumber, {
      accountId: principal.accountId,
      phoneNumber: body.phoneNumber,
    });
  }

  @Get('list')
  @ApiOperation({
    operationId: 'NumbersList',
    summary: 'Active numbers with their voice agent binding, and the shared number',
  })
  @ApiOkResponse({ type: ListPhoneNumbersResponseDto })
  list(@CurrentPrincipal() principal: Principal): Promise<ListPhoneNumbersResponseDto> {
    return this.messaging.request(Requests.listNumbers, { accountId: principal.accountId });
  }

  @Get('released')
  @ApiOperation({
    operationId: 'NumbersListReleased',
    summary: 'Numbers released less than 2 weeks ago (they can still be reactivated)',
  })
  @ApiOkResponse({ type: ListReleasedPhoneNumbersResponseDto })
  listReleased(
    @CurrentPrincipal() principal: Principal,
  ): Promise<ListReleasedPhoneNumbersResponseDto> {
    return this.messaging.request(Requests.listReleasedNumbers, {
      accountId: principal.accountId,
    });
  }

  @Delete(':phoneNumber')
  @ApiOperation({
    operationId: 'NumbersReleaseNumber',
    summary: 'Release a number and unbind it from its voice agent. No refund for the current month',
    description: 'The account can reactivate the number with NumbersOrderNumber for 2 weeks.',
  })
  @ApiParam({ name: 'phoneNumber', description: 'E.164, e.g. +14155550123' })
  @ApiOkResponse({ type: ReleasePhoneNumberResponseDto })
  release(
    @Param('phoneNumber', PhoneNumberParamPipe) phoneNumber: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ReleasePhoneNumberResponseDto> {
    return this.messaging.request(Requests.releaseNumber, {
      accountId: principal.accountId,
      phoneNumber,
    });
  }
}
