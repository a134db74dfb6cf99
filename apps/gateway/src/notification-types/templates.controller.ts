import { Body, Controller, Delete, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Channel,
  Principal,
  Requests,
  SuccessResponseDto,
  TemplateContent,
  TemplateResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { ChannelParamPipe } from './channel-param.pipe';
import { DefaultTemplateSelectionDto } from './default-template-selection.dto';
import { templateBodyOf } from './template-body';

const TEMPLATE_BODY = {
  description:
    "The channel's content fields (those of the send's inline content, e.g. subject and html for EMAIL), templateId (optional on create) and default (boolean).",
  schema: {
    type: 'object',
    additionalProperties: true,
    example: {
      subject: 'Welcome, {{firstName}}',
      html: '<p>Hello {{firstName}}</p>',
      default: true,
    },
  },
};

@ApiTags('Notification types')
@RequiresApiKey()
@Controller('notifications/:notificationId/:channel/templates')
export class TemplatesController {
  constructor(private readonly messaging: MessagingClient) {}

  @Get()
  @ApiOperation({ operationId: 'TemplatesList', summary: 'Templates of one channel of a type' })
  @ApiOkResponse({ type: [TemplateResponseDto] })
  list(
    @Param('notificationId') notificationId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TemplateResponseDto[]> {
    return this.messaging.request(Requests.listTemplates, {
      ...tenantOf(principal),
      notificationId,
      channel,
    });
  }

  @Post()
  @ApiOperation({ operationId: 'TemplatesCreate', summary: 'Create a template' })
  @ApiBody(TEMPLATE_BODY)
  @ApiOkResponse({ type: TemplateResponseDto })
  create(
    @Param('notificationId') notificationId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TemplateResponseDto> {
    const { templateId, content } = templateBodyOf(body);
    return this.messaging.request(Requests.createTemplate, {
      ...tenantOf(principal),
      notificationId,
      channel,
      templateId,
      body: content,
    });
  }

  @Patch('default-selection')
  @ApiOperation({
    operationId: 'TemplatesSetDefault',
    summary: 'Make a template the default of its channel, for all sends or some deliveries',
    description:
      'With modes, for those deliveries only (instant, hourly, daily, weekly, monthly): a digest uses the template chosen for it, else the default.',
  })
  @ApiOkResponse({ type: TemplateResponseDto })
  setDefault(
    @Param('notificationId') notificationId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @Body() selection: DefaultTemplateSelectionDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TemplateResponseDto> {
    return this.messaging.request(Requests.setDefaultTemplate, {
      ...tenantOf(principal),
      notificationId,
      channel,
      templateId: selection.templateId,
      modes: selection.modes,
    });
  }

  @Get(':templateId')
  @ApiOperation({ operationId: 'TemplatesGet', summary: 'A template' })
  @ApiOkResponse({ type: TemplateResponseDto })
  get(
    @Param('notificationId') notificationId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @Param('templateId') templateId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TemplateResponseDto> {
    return this.messaging.request(Requests.getTemplate, {
      ...tenantOf(principal),
      notificationId,
      channel,
      templateId,
    });
  }

  @Patch(':templateId')
  @ApiOperation({
    operationId: 'TemplatesUpdate',
    summary: 'Change fields of a template (null removes one)',
  })
  @ApiBody(TEMPLATE_BODY)
  @ApiOkResponse({ type: TemplateResponseDto })
  update(
    @Param('notificationId') notificationId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @Param('templateId') templateId: string,
    @Body() body: unknown,
    @CurrentPrincipal() principal: Principal,
  ): Promise<TemplateResponseDto> {
    const { content }: { content: TemplateContent } = templateBodyOf(body);
    return this.messaging.request(Requests.updateTemplate, {
      ...tenantOf(principal),
      notificationId,
      channel,
      templateId,
      body: content,
    });
  }

  @Delete(':templateId')
  @ApiOperation({ operationId: 'TemplatesDelete', summary: 'Delete a template' })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(
    @Param('notificationId') notificationId: string,
    @Param('channel', ChannelParamPipe) channel: Channel,
    @Param('templateId') templateId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteTemplate, {
      ...tenantOf(principal),
      notificationId,
      channel,
      templateId,
    });
  }
}
