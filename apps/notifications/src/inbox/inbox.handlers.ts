import { Injectable } from '@nestjs/common';
import {
  EndUserRef,
  InappNotificationResponseDto,
  InboxChangedEntry,
  InboxChangesSinceRequest,
  ListInboxRequest,
  MarkSeenRequest,
  NotFoundError,
  Requests,
  SuccessResponseDto,
  UpdateInappStatusRequest,
  ValidationFailedError,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { fitReplyPage } from '@clarion/runtime';
import { toInappNotificationResponse } from './inbox.mapper';
import { LastSeenRecorder } from '../users/last-seen.recorder';
import { InboxChanges } from './inbox-changes';
import { InboxRepository } from './inbox.repository';

@Injectable()
export class InboxHandlers {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly lastSeen: LastSeenRecorder,
    private readonly changes: InboxChanges,
  ) {}

  @HandleRequest(Requests.listInbox, ListInboxRequest)
  async list(request: ListInboxRequest): Promise<InappNotificationResponseDto[]> {
    this.lastSeen.touch(request);
    const entries = await this.inbox.listNewestFirst(
      request,
      parseBefore(request.before),
      request.count,
    );
    // A page ends early when its entries are large; the client pages on with `before`.
    return fitReplyPage(entries.map(toInappNotificationResponse));
  }

  @HandleRequest(Requests.markSeen, MarkSeenRequest)
  async markSeen(request: MarkSeenRequest): Promise<SuccessResponseDto> {
    this.lastSeen.touch(request);
    await this.inbox.markSeen(request, request.target);
    return { success: true };
  }

  @HandleRequest(Requests.updateInappStatus, UpdateInappStatusRequest)
  async updateStatus(request: UpdateInappStatusRequest): Promise<SuccessResponseDto> {
    this.lastSeen.touch(request);
    const matched = await this.inbox.updateStatus(request, request.update);
    if (matched === 0)
      throw new NotFoundError(
        'No notification with these trackingIds',
        'Use ids from GET /user/inapp.',
      );
    return { success: true };
  }

  /** What a realtime stream missed while its client was away (the gateway replays it). */
  @HandleRequest(Requests.inboxChangesSince, InboxChangesSinceRequest)
  async changesSince(request: InboxChangesSinceRequest): Promise<InboxChangedEntry[]> {
    const rows = await this.inbox.changedSince(request, request.since, request.limit);
    return this.changes.entriesOf(rows);
  }

  @HandleRequest(Requests.countUnread, EndUserRef)
  countUnread(request: EndUserRef): Promise<number> {
    this.lastSeen.touch(request);
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
