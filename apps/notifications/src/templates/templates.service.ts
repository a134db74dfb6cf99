import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  Channel,
  DeliveryOption,
  DomainError,
  ErrorCode,
  NotFoundError,
  SetDefaultTemplateRequest,
  SuccessResponseDto,
  TEMPLATE_META_FIELDS,
  TemplateContent,
  TemplateRef,
  TemplateResponseDto,
  TemplatesRef,
  validateTemplateContent,
  withClarionFieldNames,
  WriteTemplateRequest,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { checkedVariables } from '@clarion/templating';
import { randomUUID } from 'node:crypto';
import { NotificationTypesRepository } from '../notification-types/notification-types.repository';
import { toTemplateResponse } from './template.mapper';
import { TemplatesRepository } from './templates.repository';

@Injectable()
export class TemplatesService {
  constructor(
    private readonly templates: TemplatesRepository,
    private readonly types: NotificationTypesRepository,
    private readonly messaging: MessagingClient,
  ) {}

  async list(ref: TemplatesRef): Promise<TemplateResponseDto[]> {
    await this.assertTypeExists(ref);
    const ofChannel = await this.templates.list(ref);
    return ofChannel.map((template) => toTemplateResponse(template, ofChannel));
  }

  async get(ref: TemplateRef): Promise<TemplateResponseDto> {
    const ofChannel = await this.templates.list(ref);
    const template = ofChannel.find((candidate) => candidate.templateId === ref.templateId);
    if (!template) throw notFound(ref);
    return toTemplateResponse(template, ofChannel);
  }

  async create(request: WriteTemplateRequest): Promise<TemplateResponseDto> {
    await this.assertTypeExists(request);
    const { content, makeDefault } = splitBody(request.channel, request.body);
    validateTemplateContent(request.channel, content);
    const ref = { ...request, templateId: request.templateId ?? randomUUID() };
    const stored = await this.templates.insert({
      ...ref,
      content,
      variables: checkedVariables(request.channel, content),
    });
    if (!stored) {
      throw new DomainError(
        ErrorCode.CONFLICT,
        `Template ${ref.templateId} already exists for ${request.channel} of ${request.notificationId}`,
        'Update it with PATCH, or choose another templateId.',
      );
    }
    if (makeDefault) await this.templates.setDefault(ref, { instant: true, digests: [] });
    return this.changed(ref);
  }

  async update(request: WriteTemplateRequest): Promise<TemplateResponseDto> {
    const ref = { ...request, templateId: request.templateId ?? '' };
    const existing = await this.existing(ref);
    const { content: patch, makeDefault } = splitBody(request.channel, request.body);
    const content = withoutNulls({ ...existing.content, ...patch });
    validateTemplateContent(request.channel, content);
    await this.templates.update(ref, content, checkedVariables(request.channel, content));
    if (makeDefault) await this.templates.setDefault(ref, { instant: true, digests: [] });
    return this.changed(ref);
  }

  /** Without modes, the template becomes the default for instant sends (and unchosen digests). */
  async setDefault(request: SetDefaultTemplateRequest): Promise<TemplateResponseDto> {
    await this.existing(request);
    const modes = request.modes ?? [DeliveryOption.INSTANT];
    await this.templates.setDefault(request, {
      instant: modes.includes(DeliveryOption.INSTANT),
      digests: modes.filter((mode) => mode !== DeliveryOption.INSTANT),
    });
    return this.changed(request);
  }

  async delete(ref: TemplateRef): Promise<SuccessResponseDto> {
    await this.existing(ref);
    await this.templates.delete(ref);
    this.announce(ref);
    return { success: true };
  }

  private async changed(ref: TemplateRef): Promise<TemplateResponseDto> {
    this.announce(ref);
    return this.get(ref);
  }

  private announce(ref: TemplatesRef): void {
    this.messaging.broadcast(Broadcasts.notificationTypeChanges, {
      envId: ref.envId,
      notificationId: ref.notificationId,
    });
  }

  private async existing(ref: TemplateRef) {
    const template = await this.templates.find(ref);
    if (!template) throw notFound(ref);
    return template;
  }

  private async assertTypeExists(ref: TemplatesRef): Promise<void> {
    if (!(await this.types.find(ref))) {
      throw new NotFoundError(
        `Notification type ${ref.notificationId}`,
        'Create it with POST /types, or send it once: a send of an unknown type creates it.',
      );
    }
  }
}

/** The content of a template body in Clarion's field names, and whether it becomes the default. */
function splitBody(
  channel: Channel,
  body: TemplateContent,
): { content: TemplateContent; makeDefault: boolean } {
  const content: TemplateContent = { ...body };
  for (const field of TEMPLATE_META_FIELDS) delete content[field];
  return {
    content: withClarionFieldNames(channel, content),
    makeDefault: body['default'] === true,
  };
}

/** A field set to null in an update is removed. */
function withoutNulls(content: TemplateContent): TemplateContent {
  return Object.fromEntries(Object.entries(content).filter(([, value]) => value !== null));
}

function notFound(ref: TemplateRef): NotFoundError {
  return new NotFoundError(
    `Template ${ref.templateId} of ${ref.channel} for notification type ${ref.notificationId}`,
  );
}
