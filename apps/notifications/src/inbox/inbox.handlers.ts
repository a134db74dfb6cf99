import { Injectable } from '@nestjs/common';
import {
  EndUserRef,
  InappNotificationResponseDto,
  ListInboxRequest,
  Requests,
  StoreInboxEntriesReply,
  StoreInboxEntriesRequest,
  ValidationFailedError,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { toInappNotificationResponse } from './inbox.mapper';
import { InboxRepository } from './inbox.repository';

@Injectable()
export class InboxHandlers {
  constructor(private readonly inbox: InboxRepository) {}

  @HandleRequest(Requests.storeInboxEntries, StoreInboxEntriesRequest)
  async store(request: StoreInboxEntriesRequest): Promise<StoreInboxEntriesReply> {
    await this.inbox.insertMany(request.entries);
    return { storedAt: new Date().toISOString() };
  }

  @HandleRequest(Requests.listInbox, ListInboxRequest)
  async list(request: ListInboxRequest): Promise<InappNotificationResponseDto[]> {
    const entries = await this.inbox.listNewestFirst(
      request,
      parseBefore(request.before),
      request.count,
    );
    return entries.map(toInappNotificationResponse);
  }

  @HandleRequest(Requests.countUnread, EndUserRef)
  countUnread(request: EndUserRef): Promise<number> {
    return this.inbox.countUnread(request);
  }
}

/** `before` is epoch milliseconds or an ISO date. */
export function parseBefore(before: string | undefined): Date | undefined {
  if (before === undefined || before === '') return undefined;
  const date = /^\d+$/.test(before) ? new Date(Number(before)) : new Date(before);
  if (Number.isNaN(date.getTime())) {
    throw new ValidationFailedError(
      `before "${before}" is neither epoch milliseconds nor an ISO date`,
      'Pass e.g. before=2026-01-31T12:00:00Z or before=1769860800000.',
    );
  }
  return date;
}
