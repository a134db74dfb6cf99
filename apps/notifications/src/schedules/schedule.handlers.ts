import { Injectable } from '@nestjs/common';
import {
  PatchScheduleRequest,
  Requests,
  ScheduledSendRef,
  SendCommand,
  SendResponseDto,
  SuccessResponseDto,
  UpdateScheduleRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { ScheduleService } from './schedule.service';

@Injectable()
export class ScheduleHandlers {
  constructor(private readonly schedules: ScheduleService) {}

  @HandleRequest(Requests.scheduleSend, SendCommand)
  schedule(command: SendCommand): Promise<SuccessResponseDto> {
    return this.schedules.schedule(command);
  }

  @HandleRequest(Requests.updateSchedule, UpdateScheduleRequest)
  update(request: UpdateScheduleRequest): Promise<SendResponseDto> {
    return this.schedules.update(request);
  }

  @HandleRequest(Requests.patchSchedule, PatchScheduleRequest)
  patch(request: PatchScheduleRequest): Promise<SendResponseDto> {
    return this.schedules.patch(request);
  }

  @HandleRequest(Requests.deleteSchedule, ScheduledSendRef)
  cancel(request: ScheduledSendRef): Promise<SuccessResponseDto> {
    return this.schedules.cancel(request);
  }
}
