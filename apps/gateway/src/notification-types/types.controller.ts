import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  NotificationCreateDto,
  NotificationSettingsPatchDto,
  NotificationTypeResponseDto,
  Principal,
  Requests,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';

@ApiTags('Notification types')
@RequiresApiKey()
@Controller('types')
export class TypesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({ operationId: 'TypesList', summary: 'Notification types of the environment' })
  @ApiOkResponse({ type: [NotificationTypeResponseDto] })
  list(@CurrentPrincipal() principal: Principal): Promise<NotificationTypeResponseDto[]> {
    return this.messaging.request(Requests.listTypes, tenantOf(principal));
  }

  @Post()
  @ApiOperation({ operationId: 'TypesCreate', summary: 'Create a notification type' })
  @ApiOkResponse({ type: NotificationTypeResponseDto })
  create(
    @Body() settings: NotificationCreateDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<NotificationTypeResponseDto> {
    return this.messaging.request(Requests.createType, { ...tenantOf(principal), settings });
  }

  @Get(':notificationId')
  @ApiOperation({
    operationId: 'TypesGet',
    summary: 'A notification type with the ids of its templates',
    description:
      "Answers a list holding the one type, as the hosted service's SDK reads it; 404 when there is none.",
  })
  @ApiOkResponse({ type: [NotificationTypeResponseDto] })
  async get(
    @Param('notificationId') notificationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<NotificationTypeResponseDto[]> {
    return [
      await this.messaging.request(Requests.getType, { ...tenantOf(principal), notificationId }),
    ];
  }

  @Patch(':notificationId')
  @ApiOperation({ operationId: 'TypesUpdate', summary: 'Change settings of a notification type' })
  @ApiOkResponse({ type: NotificationTypeResponseDto })
  update(
    @Param('notificationId') notificationId: string,
    @Body() patch: NotificationSettingsPatchDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<NotificationTypeResponseDto> {
    return this.messaging.request(Requests.updateType, {
      ...tenantOf(principal),
      notificationId,
      patch,
    });
  }

  @Delete(':notificationId')
  @ApiOperation({
    operationId: 'TypesDelete',
    summary: 'Delete a type with its templates and preferences',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(
    @Param('notificationId') notificationId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteType, { ...tenantOf(principal), notificationId });
  }
}
