import { Type } from 'class-transformer';
import { IsISO8601, IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';
import { SendPatchDto } from './send-patch.dto';
import { SendDto } from './send.dto';

export class ScheduledSendRef extends TenantScope {
  @IsUUID()
  trackingId!: string;
}

/** PUT /sender/scheduler/{trackingId}: the new body, and the new time when it has one. */
export class UpdateScheduleRequest extends ScheduledSendRef {
  @ValidateNested()
  @Type(() => SendDto)
  body!: SendDto;

  @IsOptional()
  @IsISO8601()
  dueAt?: string;
}

/** A change of some fields of a scheduled send: they replace the stored ones, the rest stay. */
export class PatchScheduleRequest extends ScheduledSendRef {
  @ValidateNested()
  @Type(() => SendPatchDto)
  patch!: SendPatchDto;

  @IsOptional()
  @IsISO8601()
  dueAt?: string;
}

/** Kinds of the scheduling events on the EVENTS stream. */
export const SEND_SCHEDULED = 'send.scheduled';
export const SEND_SCHEDULE_UPDATED = 'send.schedule-updated';
export const SEND_SCHEDULE_DELETED = 'send.schedule-deleted';

export interface ScheduleEventData {
  at: string;
  scheduledFor?: string;
  type?: string;
  receivedAt?: string;
  user?: { id: string; email?: string; number?: string };
}
