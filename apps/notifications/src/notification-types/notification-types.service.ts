import { Injectable } from '@nestjs/common';
import {
  Broadcasts,
  CreateNotificationTypeRequest,
  DomainError,
  ErrorCode,
  NotificationTypeRef,
  NotificationTypeResponseDto,
  NotFoundError,
  SuccessResponseDto,
  TenantScope,
  UpdateNotificationTypeRequest,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { TemplatesRepository } from '../templates/templates.repository';
import { NotificationTypeEntity } from './notification-type.entity';
import { toNotificationTypeResponse } from './notification-type.mapper';
import { NotificationTypesRepository } from './notification-types.repository';

@Injectable()
export class NotificationTypesService {
  constructor(
    private readonly types: NotificationTypesRepository,
    private readonly templates: TemplatesRepository,
    private readonly messaging: MessagingClient,
  ) {}

  async list(scope: TenantScope): Promise<NotificationTypeResponseDto[]> {
    return (await this.types.list(scope)).map((type) => toNotificationTypeResponse(type));
  }

  async get(ref: NotificationTypeRef): Promise<NotificationTypeResponseDto> {
    const type = await this.existing(ref);
    const templates = await this.templates.listOfType(ref, ref.notificationId);
    return toNotificationTypeResponse(type, templates);
  }

  async create(request: CreateNotificationTypeRequest): Promise<NotificationTypeResponseDto> {
    const { settings } = request;
    const stored = await this.types.insert({
      accountId: request.accountId,
      envId: request.envId,
      notificationId: settings.notificationId,
      title: settings.title ?? settings.notificationId,
      channels: settings.channels ?? [],
      enabled: settings.enabled ?? true,
      deduplication: settings.deduplication ?? null,
      throttling: settings.throttling ?? null,
      retention: settings.retention ?? null,
      options: settings.options ?? null,
    });
    if (!stored) {
      throw new DomainError(
        ErrorCode.CONFLICT,
        `Notification type ${settings.notificationId} already exists`,
        `Change it with PATCH /types/${settings.notificationId}.`,
      );
    }
    return this.changed({ ...request, notificationId: settings.notificationId });
  }

  async update(request: UpdateNotificationTypeRequest): Promise<NotificationTypeResponseDto> {
    await this.existing(request);
    const changes: Partial<NotificationTypeEntity> = {};
    const { patch } = request;
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.channels !== undefined) changes.channels = patch.channels;
    if (patch.enabled !== undefined) changes.enabled = patch.enabled;
    if (patch.deduplication !== undefined) changes.deduplication = patch.deduplication;
    if (patch.throttling !== undefined) changes.throttling = patch.throttling;
    if (patch.retention !== undefined) changes.retention = patch.retention;
    if (patch.options !== undefined) changes.options = patch.options;
    if (Object.keys(changes).length > 0) await this.types.update(request, changes);
    return this.changed(request);
  }

  async delete(ref: NotificationTypeRef): Promise<SuccessResponseDto> {
    await this.existing(ref);
    await this.types.delete(ref);
    this.announce(ref);
    return { success: true };
  }

  private async changed(ref: NotificationTypeRef): Promise<NotificationTypeResponseDto> {
    this.announce(ref);
    return this.get(ref);
  }

  private announce(ref: NotificationTypeRef): void {
    this.messaging.broadcast(Broadcasts.notificationTypeChanges, {
      envId: ref.envId,
      notificationId: ref.notificationId,
    });
  }

  private async existing(ref: NotificationTypeRef): Promise<NotificationTypeEntity> {
    const type = await this.types.find(ref);
    if (!type) throw new NotFoundError(`Notification type ${ref.notificationId}`);
    return type;
  }
}
