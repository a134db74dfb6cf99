import { Injectable } from '@nestjs/common';
import {
  normalizeSend,
  NotFoundError,
  PatchScheduleRequest,
  RetractRequest,
  ScheduledSendRef,
  ScheduleEvent,
  ScheduleEventData,
  ScheduleEventKind,
  SEND_SCHEDULE_DELETED,
  SEND_SCHEDULE_UPDATED,
  SEND_SCHEDULED,
  SendCommand,
  SendPatchDto,
  SendResponseDto,
  SuccessResponseDto,
  UpdateScheduleRequest,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { BodyChange, ScheduledSendsRepository } from './scheduled-sends.repository';

const NOT_PENDING_FIX = 'Only sends that are scheduled and not yet sent can be changed.';

/** Scheduled sends (spec 3.3): stored until due, changed or canceled by their trackingId. */
@Injectable()
export class ScheduleService {
  constructor(
    private readonly schedules: ScheduledSendsRepository,
    private readonly messaging: MessagingClient,
  ) {}

  /**
   * Stores a send that carries a schedule, before the gateway answers it, so that it can be
   * changed or canceled at once; the log records when it is due.
   */
  async schedule(command: SendCommand): Promise<SuccessResponseDto> {
    await this.schedules.insertMany([{ command, dueAt: command.body.schedule ?? '' }]);
    const send = normalizeSend(command.body);
    await this.messaging.publishEvent(
      event(command, SEND_SCHEDULED, {
        at: new Date().toISOString(),
        scheduledFor: command.body.schedule,
        type: send.type,
        receivedAt: command.receivedAt,
        user: { id: send.to.id, email: send.to.email, number: send.to.number },
      }),
    );
    return { success: true };
  }

  /** Replaces the body of a scheduled send (PUT /sender/scheduler/{trackingId}). */
  update(request: UpdateScheduleRequest): Promise<SendResponseDto> {
    return this.change(request, request.body, 'replace');
  }

  /** Changes only the given fields of a scheduled send (the hosted service's PATCH). */
  patch(request: PatchScheduleRequest): Promise<SendResponseDto> {
    return this.change(request, request.patch, 'merge');
  }

  /** Cancels the pending sends a retraction names, and logs each; answers how many. */
  async cancelRetracted(request: RetractRequest): Promise<number> {
    const trackingIds = await this.schedules.cancelMatching(request);
    const at = new Date().toISOString();
    await Promise.all(
      trackingIds.map((trackingId) =>
        this.messaging.publishEvent(
          event({ ...request, trackingId }, SEND_SCHEDULE_DELETED, { at }),
        ),
      ),
    );
    return trackingIds.length;
  }

  private async change(
    request: ScheduledSendRef & { dueAt?: string },
    body: SendPatchDto,
    how: BodyChange,
  ): Promise<SendResponseDto> {
    const updated = await this.schedules.update(
      request.accountId,
      request.trackingId,
      body,
      request.dueAt,
      how,
    );
    if (!updated)
      throw new NotFoundError('A pending scheduled send with this trackingId', NOT_PENDING_FIX);
    await this.messaging.publishEvent(
      event(
        request,
        SEND_SCHEDULE_UPDATED,
        { at: new Date().toISOString(), scheduledFor: request.dueAt },
        true,
      ),
    );
    return { trackingId: request.trackingId, messages: [] };
  }

  async cancel(request: ScheduledSendRef): Promise<SuccessResponseDto> {
    if (!(await this.schedules.cancel(request.accountId, request.trackingId))) {
      throw new NotFoundError('A pending scheduled send with this trackingId', NOT_PENDING_FIX);
    }
    await this.messaging.publishEvent(
      event(request, SEND_SCHEDULE_DELETED, { at: new Date().toISOString() }),
    );
    return { success: true };
  }
}

/** Updates may repeat, so their event ids carry the time; the others happen once per send. */
function event(
  send: { trackingId: string; accountId: string; envId: string },
  kind: ScheduleEventKind,
  data: ScheduleEventData,
  repeatable = false,
): ScheduleEvent {
  return {
    id: repeatable ? `${send.trackingId}:${kind}:${data.at}` : `${send.trackingId}:${kind}`,
    kind,
    trackingId: send.trackingId,
    accountId: send.accountId,
    envId: send.envId,
    occurredAt: data.at,
    data,
  };
}
