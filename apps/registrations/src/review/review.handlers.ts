import { Injectable } from '@nestjs/common';
import {
  AccountRegistrationsDto,
  AccountScope,
  DecideRegistrationRequest,
  ListRegistrationsRequest,
  RegistrationChangeDto,
  RegistrationSummaryDto,
  Requests,
  SubmitRegistrationRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { ReviewService } from './review.service';

/**
 * Operator operations. The gateway routes none of these: operators reach them through the admin
 * command line, with access to the deployment's NATS.
 */
@Injectable()
export class ReviewHandlers {
  constructor(private readonly review: ReviewService) {}

  @HandleRequest(Requests.listRegistrations, ListRegistrationsRequest)
  list(request: ListRegistrationsRequest): Promise<RegistrationSummaryDto[]> {
    return this.review.list(request);
  }

  @HandleRequest(Requests.showRegistrations, AccountScope)
  show(request: AccountScope): Promise<AccountRegistrationsDto> {
    return this.review.show(request.accountId);
  }

  @HandleRequest(Requests.submitRegistration, SubmitRegistrationRequest)
  submit(request: SubmitRegistrationRequest): Promise<RegistrationChangeDto> {
    return this.review.submit(request);
  }

  @HandleRequest(Requests.decideRegistration, DecideRegistrationRequest)
  decide(request: DecideRegistrationRequest): Promise<RegistrationChangeDto> {
    return this.review.decide(request);
  }
}
