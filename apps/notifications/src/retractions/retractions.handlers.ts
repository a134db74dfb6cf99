import { Injectable } from '@nestjs/common';
import { Requests, RetractRequest, RetractResponseDto } from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { DigestsRepository } from '../digests/digests.repository';
import { InboxRepository } from '../inbox/inbox.repository';
import { ScheduleService } from '../schedules/schedule.service';

/**
 * Retraction ("un-sending"): what was sent of a type, or of one sub-notification of it, to one
 * user leaves the inbox, and what is still pending of it (scheduled sends, digest entries) is
 * canceled. Each step is idempotent, so a retraction that failed halfway is simply repeated.
 */
@Injectable()
export class RetractionsHandlers {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly schedules: ScheduleService,
    private readonly digests: DigestsRepository,
  ) {}

  @HandleRequest(Requests.retract, RetractRequest)
  async retract(request: RetractRequest): Promise<RetractResponseDto> {
    const [removed, scheduled, digested] = await Promise.all([
      this.inbox.retract(request),
      this.schedules.cancelRetracted(request),
      this.digests.removeRetracted(request),
    ]);
    return { success: true, removed, canceled: scheduled + digested };
  }
}
