import { Injectable } from '@nestjs/common';
import {
  deprecationNotes,
  Jobs,
  normalizeSend,
  Principal,
  Requests,
  SendCommand,
  SendDto,
  SendResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { annotateSpan, countSendsAccepted } from '@clarion/observability';
import { FastifyRequest } from 'fastify';
import { assertNotBlocked, assertWithinUsageLimit } from '../auth/assert-may-spend';
import { assertFutureSchedule } from './assert-future-schedule';
import { InlineAttachments } from './inline-attachments';
import { SendPlanCache } from './send-plan.cache';
import { SenderNumbers } from './sender-numbers';
import { inlineContentVariables, templateNotesOf } from './template-notes';

@Injectable()
export class SendsService {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly plans: SendPlanCache,
    private readonly inlineAttachments: InlineAttachments,
    private readonly senderNumbers: SenderNumbers,
  ) {}

  /**
   * Accepts a send: stores it on the SENDS stream under the request's trackingId, and answers
   * once JetStream holds it, so an acknowledged send survives any later crash. Its type (and
   * sub-notification) exist by then, so the caller may change them at once. `trackingId` is the
   * request's, or that of the first request of its Idempotency-Key.
   */
  async accept(
    body: SendDto,
    principal: Principal,
    request: FastifyRequest,
    trackingId: string,
  ): Promise<SendResponseDto> {
    // A blocked account hears so before anything about its body; a usage limit after it.
    assertNotBlocked(principal, 'send');
    assertFutureSchedule(body.schedule);
    assertWithinUsageLimit(principal);
    // Only a send with a sender override asks numbers; the others go on at once.
    await this.senderNumbers.assertSendsFromOwnNumber(principal.accountId, body);
    const send = normalizeSend(body);
    annotateSpan({ notificationType: send.type });
    const inline = inlineContentVariables(send);
    const storedBody = await this.inlineAttachments.storeOf(body, principal.accountId, trackingId);
    // Only a send that passed every check creates its type.
    const plan = await this.plans.ensure(principal, send);
    const command: SendCommand = {
      trackingId,
      accountId: principal.accountId,
      envId: principal.envId,
      receivedAt: new Date().toISOString(),
      origin: {
        ip: request.ip,
        agent: request.headers['user-agent'],
        clientId: principal.clientId,
      },
      body: storedBody,
    };
    // A scheduled send is stored before the answer, so it can be changed or canceled at once;
    // notifications puts it on SENDS when it is due.
    if (body.schedule !== undefined) await this.messaging.request(Requests.scheduleSend, command);
    else
      await this.messaging.publishJob(Jobs.acceptedSend, command, {
        msgId: command.trackingId,
        bundled: true,
      });
    countSendsAccepted();
    const notes = [...deprecationNotes(body), ...templateNotesOf(send, plan, inline)];
    return { trackingId: command.trackingId, messages: notes };
  }
}
