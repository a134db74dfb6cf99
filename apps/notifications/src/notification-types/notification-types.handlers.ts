import { Injectable } from '@nestjs/common';
import {
  CreateNotificationTypeRequest,
  EnsureSendPlanRequest,
  NotificationTypeRef,
  NotificationTypeResponseDto,
  Requests,
  SendPlanDto,
  SuccessResponseDto,
  TenantScope,
  UpdateNotificationTypeRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { NotificationTypesService } from './notification-types.service';
import { SendPlans } from './send-plans';

@Injectable()
export class NotificationTypesHandlers {
  constructor(
    private readonly types: NotificationTypesService,
    private readonly sendPlans: SendPlans,
  ) {}

  @HandleRequest(Requests.listTypes, TenantScope)
  list(scope: TenantScope): Promise<NotificationTypeResponseDto[]> {
    return this.types.list(scope);
  }

  @HandleRequest(Requests.getType, NotificationTypeRef)
  get(ref: NotificationTypeRef): Promise<NotificationTypeResponseDto> {
    return this.types.get(ref);
  }

  @HandleRequest(Requests.createType, CreateNotificationTypeRequest)
  create(request: CreateNotificationTypeRequest): Promise<NotificationTypeResponseDto> {
    return this.types.create(request);
  }

  @HandleRequest(Requests.updateType, UpdateNotificationTypeRequest)
  update(request: UpdateNotificationTypeRequest): Promise<NotificationTypeResponseDto> {
    return this.types.update(request);
  }

  @HandleRequest(Requests.deleteType, NotificationTypeRef)
  delete(ref: NotificationTypeRef): Promise<SuccessResponseDto> {
    return this.types.delete(ref);
  }

  @HandleRequest(Requests.ensureSendPlan, EnsureSendPlanRequest)
  ensureSendPlan(request: EnsureSendPlanRequest): Promise<SendPlanDto> {
    return this.sendPlans.ensure(request);
  }
}
