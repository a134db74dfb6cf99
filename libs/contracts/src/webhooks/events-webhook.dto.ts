import { ApiProperty } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsNotEmpty,
  IsString,
  IsUrl,
  MaxLength,
} from 'class-validator';
import { TenantScope } from '../common/tenant-scope';
import { WEBHOOK_EVENT_TYPES, WebhookEventType } from './webhook-event-types';

/** PUT /webhooks/events. */
export class EventsWebhookUpsertDto {
  @ApiProperty({ example: 'https://example.com/clarion-events' })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'webhook must be an http or https URL' },
  )
  @MaxLength(2048)
  webhook!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  @IsArray()
  @ArrayMaxSize(WEBHOOK_EVENT_TYPES.length)
  @IsIn(WEBHOOK_EVENT_TYPES, {
    each: true,
    message: `each of events must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  })
  events!: WebhookEventType[];
}

/** The events webhook of an account's environment. */
export class EventsWebhookResponseDto {
  @ApiProperty()
  webhookId!: string;

  @ApiProperty()
  webhook!: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, isArray: true })
  events!: WebhookEventType[];

  @ApiProperty({
    description:
      'whsec_… secret the payloads are signed with (Standard Webhooks): in full only in the answer of the PUT that creates the webhook, later its prefix and last four characters',
  })
  secret!: string;
}

/**
 * What delivery-workers answers a save with: the configuration, its secret in full, and whether
 * the save created it (the gateway shows the secret in full only then).
 */
export class SavedEventsWebhook extends EventsWebhookResponseDto {
  created!: boolean;
}

export class SaveEventsWebhookRequest extends TenantScope {
  @IsString()
  @IsNotEmpty()
  webhook!: string;

  @IsArray()
  @IsIn(WEBHOOK_EVENT_TYPES, { each: true })
  events!: WebhookEventType[];
}

/** The configuration of an environment when it exists and is enabled. */
export class EventsWebhookOfReply {
  config?: EventsWebhookResponseDto;
}

/** Broadcast when an environment's events webhook changes, so every replica's cache drops it. */
export interface EventsWebhookChange {
  envId: string;
}
