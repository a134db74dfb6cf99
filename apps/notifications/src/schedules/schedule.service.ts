import { Injectable } from '@nestjs/common';
import {
  EventEnvelope,
  NotFoundError,
  normalizeSend,
  ScheduledSendRef,
  ScheduleEventData,
  SEND_SCHEDULE_DELETED,
  SEND_SCHEDULE_UPDATED,
  SEND_SCHEDULED,
  SendCommand,
  SendResponseDto,
  SuccessResponseDto,
  UpdateScheduleRequest,
} from '@clarion/contracts';
import { JobItem, MessagingClient } from '@clarion/messaging';
import { ScheduledSendsRepository } from './scheduled-sends.repository';

const NOT_PENDING_FIX = 'Only sends that are scheduled and not yet sent can be changed.';

/** Scheduled sends (spec 3.3): stored until due, changed or canceled by their trackingId. */
@Injectable()
export class ScheduleService {
  constructor(
    private readonly schedules: ScheduledSendsRepository,
    private readonly messaging: MessagingClient,
  ) {}

  /** Stores sends that carry a schedule, and records each in its log. */
  async schedule(items: JobItem<SendCommand>[]): Promise<void> {
    await this.schedules.insertMany(
      items.map(({ payload }) => ({ command: payload, dueAt: payload.body.schedule ?? '' })),
    );
    const at = new Date().toISOString();
    await Promise.all(
      items.map(({ payload, traceContext }) => {
        const send = normalizeSend(payload.body);
        return this.messaging.publishEvent(
          event(payload, SEND_SCHEDULED, {
            at,
            scheduledFor: payload.body.schedule,
            type: send.type,
            receivedAt: payload.receivedAt,
            user: { id: send.to.id, email: send.to.email, number: send.to.number },
          }),
          traceContext,
        );
      }),
    );
  }

  async update(request: UpdateScheduleRequest): Promise<SendResponseDto> {
    const updated = await this.schedules.update(
      request.accountId,
      request.trackingId,
      request.body,
      request.dueAt,
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
  kind: string,
  data: ScheduleEventData,
  repeatable = false,
): EventEnvelope<ScheduleEventData> {
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
