import { Body, Controller, Delete, HttpCode, Param, Patch, Post, Req, Res } from '@nestjs/common';
import {
  Principal,
  Requests,
  RetractDto,
  retractRequestOf,
  RetractResponseDto,
  SendDto,
  SendPatchDto,
  SendResponseDto,
  SuccessResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentPrincipal } from '../auth/auth.decorators';
import { tenantOf } from '../auth/tenant-of';
import { IdempotencyKey } from '../idempotency/idempotency-key.decorator';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { assertFutureSchedule } from '../sends/assert-future-schedule';
import { SenderNumbers } from '../sends/sender-numbers';
import { SendsService } from '../sends/sends.service';
import { LegacyClientCredentials, LegacyRoutes, scheduledTrackingIdPipe } from './legacy-routes';

/** The hosted service's send, retract and schedule routes (POST /send, /sender/…). */
@LegacyRoutes()
@LegacyClientCredentials()
@Controller(':clientId')
export class LegacySendsController {
  constructor(
    private readonly sends: SendsService,
    private readonly idempotency: IdempotencyService,
    private readonly messaging: MessagingClient,
    private readonly senderNumbers: SenderNumbers,
  ) {}

  /** As POST /send; an answer with notes is a 202, which the SDK prints as a warning. */
  @Post('sender')
  async send(
    @Body() body: SendDto,
    @CurrentPrincipal() principal: Principal,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @IdempotencyKey() idempotencyKey?: string,
  ): Promise<void> {
    const answer: SendResponseDto = await this.idempotency.run(
      principal.accountId,
      idempotencyKey,
      body,
      request.id,
      (trackingId) => this.sends.accept(body, principal, request, trackingId),
    );
    await reply.status(answer.messages.length > 0 ? 202 : 200).send(answer);
  }

  /** As POST /sender/retract. */
  @Post('sender/retract')
  @HttpCode(200)
  retract(
    @Body() body: RetractDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<RetractResponseDto> {
    return this.messaging.request(Requests.retract, retractRequestOf(tenantOf(principal), body));
  }

  /** As PUT /sender/scheduler/{trackingId}, but only the fields given change. */
  @Patch('schedule/:trackingId')
  async update(
    @Param('trackingId', scheduledTrackingIdPipe) trackingId: string,
    @Body() patch: SendPatchDto,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SendResponseDto> {
    assertFutureSchedule(patch.schedule);
    await this.senderNumbers.assertSendsFromOwnNumber(principal.accountId, patch);
    return this.messaging.request(Requests.patchSchedule, {
      ...tenantOf(principal),
      trackingId,
      patch,
      dueAt: patch.schedule,
    });
  }

  /** As DELETE /sender/scheduler/{trackingId}. */
  @Delete('schedule/:trackingId')
  cancel(
    @Param('trackingId', scheduledTrackingIdPipe) trackingId: string,
    @CurrentPrincipal() principal: Principal,
  ): Promise<SuccessResponseDto> {
    return this.messaging.request(Requests.deleteSchedule, { ...tenantOf(principal), trackingId });
  }
}
