import { Body, Controller, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  BrandCreateDto,
  BrandResponseDto,
  BrandUpdateDto,
  CampaignResponseDto,
  CampaignUpdateDto,
  Principal,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { customerActorOf } from './customer-actor';

/**
 * US 10DLC brand and campaign registrations of the caller's account (spec 2.4, 2.5, 3.1). The
 * workflow status is the service's: operators review and submit registrations to carriers.
 */
@ApiTags('Registrations')
@RequiresApiKey('account')
@Controller('registrations/us/10dlc')
export class RegistrationsController {
  constructor(private readonly messaging: MessagingClient) {}

  @Post('brand')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'RegistrationsCreateUs10dlcBrand',
    summary: 'Register the brand for review (brandStatus becomes pending_review)',
  })
  @ApiOkResponse({ type: BrandResponseDto })
  createBrand(
    @Body() body: BrandCreateDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<BrandResponseDto> {
    return this.messaging.request(Requests.createBrand, { ...body, ...this.customer(principal) });
  }

  @Get('brand')
  @ApiOperation({
    operationId: 'RegistrationsGetUs10dlcBrand',
    summary: "The account's brand registration, or null when there is none",
  })
  @ApiOkResponse({ type: BrandResponseDto, description: 'null when the account has no brand' })
  async getBrand(@CurrentPrincipal() principal: Principal): Promise<BrandResponseDto | null> {
    const { accountId } = principal;
    return (await this.messaging.request(Requests.getBrand, { accountId })).brand;
  }

  @Patch('brand')
  @ApiOperation({
    operationId: 'RegistrationsUpdateUs10dlcBrand',
    summary: 'Change brand fields before carrier submission (an edit in info_needed resubmits)',
  })
  @ApiOkResponse({ type: BrandResponseDto })
  updateBrand(
    @Body() body: BrandUpdateDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<BrandResponseDto> {
    return this.messaging.request(Requests.updateBrand, { ...body, ...this.customer(principal) });
  }

  @Get('campaign')
  @ApiOperation({
    operationId: 'RegistrationsGetUs10dlcCampaign',
    summary: "The account's campaign registration, or null when there is no brand",
  })
  @ApiOkResponse({ type: CampaignResponseDto, description: 'null when the account has no brand' })
  async getCampaign(@CurrentPrincipal() principal: Principal): Promise<CampaignResponseDto | null> {
    const { accountId } = principal;
    return (await this.messaging.request(Requests.getCampaign, { accountId })).campaign;
  }

  @Patch('campaign')
  @ApiOperation({
    operationId: 'RegistrationsUpdateUs10dlcCampaign',
    summary: 'Create or change the campaign; the first update submits it for review',
  })
  @ApiOkResponse({ type: CampaignResponseDto })
  updateCampaign(
    @Body() body: CampaignUpdateDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<CampaignResponseDto> {
    return this.messaging.request(Requests.updateCampaign, {
      ...body,
      ...this.customer(principal),
    });
  }

  private customer(principal: Principal): { accountId: string; actor: string } {
    return { accountId: principal.accountId, actor: customerActorOf(principal) };
  }
}
