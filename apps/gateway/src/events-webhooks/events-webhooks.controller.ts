import { Body, Controller, Delete, Get, HttpCode, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  EventsWebhookResponseDto,
  EventsWebhookUpsertDto,
  NotFoundError,
  Principal,
  Requests,
  secretHint,
  SuccessResponseDto,
  ValidationFailedError,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { OutboundGuard } from '@clarion/outbound';
import { CurrentPrincipal, RequiresApiKey } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';

@ApiTags('Webhooks')
@RequiresApiKey()
@Controller('webhooks/events')
export class EventsWebhooksController {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly guard: OutboundGuard,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'WebhooksGetEventsWebhook',
    summary: 'The events webhook of the environment; its secret as a hint',
  })
  @ApiOkResponse({ type: EventsWebhookResponseDto })
  async get(@CurrentPrincipal() principal: Principal): Promise<EventsWebhookResponseDto> {
    const { config } = await this.messaging.request(Requests.getEventsWebhook, tenantOf(principal));
    if (!config)
      throw new NotFoundError('The events webhook', 'Create it with PUT /webhooks/events.');
    return { ...config, secret: secretHint(config.secret) };
  }

  @Put()
  @ApiOperation({
    operationId: 'WebhooksUpsertEventsWebhook',
    summary: 'Create or replace the events webhook (its id and secret stay)',
    description:
      'The answer of the PUT that creates the webhook is the only one with the whole secret; later answers and GET show its prefix and last four characters.',
  })
  @ApiOkResponse({ type: EventsWebhookResponseDto })
  async upsert(
    @Body() body: EventsWebhookUpsertDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<EventsWebhookResponseDto> {
    await this.guard.assertAllowed(body.webhook).catch((error: unknown) => {
      throw new ValidationFailedError(
        `webhook cannot be called: ${error instanceof Error ? error.message : String(error)}`,
        'Use a public http or https URL whose host resolves to a public address.',
      );
    });
    const { created, ...saved } = await this.messaging.request(Requests.saveEventsWebhook, {
      ...tenantOf(principal),
      ...body,
    });
    return created ? saved : { ...saved, secret: secretHint(saved.secret) };
  }

  @Delete()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'WebhooksDeleteEventsWebhook',
    summary: 'Remove the events webhook',
  })
  @ApiOkResponse({ type: SuccessResponseDto })
  delete(@CurrentPrincipal() principal: Principal): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteEventsWebhook, tenantOf(principal));
  }
}
