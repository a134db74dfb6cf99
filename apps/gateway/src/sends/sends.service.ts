import { Injectable } from '@nestjs/common';
import {
  deprecationNotes,
  Jobs,
  Principal,
  Requests,
  SendCommand,
  SendDto,
  SendResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyRequest } from 'fastify';
import { assertNotBlocked, assertWithinUsageLimit } from '../auth/assert-may-spend';
import { assertFutureSchedule } from './assert-future-schedule';
import { InlineAttachments } from './inline-attachments';
import { TemplateNotes } from './template-notes';

@Injectable()
export class SendsService {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly templateNotes: TemplateNotes,
    private readonly inlineAttachments: InlineAttachments,
  ) {}

  /**
   * Accepts a send: stores it on the SENDS stream under the request's trackingId, and answers
   * once JetStream holds it, so an acknowledged send survives any later crash.
   */
  async accept(
    body: SendDto,
    principal: Principal,
    request: FastifyRequest,
  ): Promise<SendResponseDto> {
    // A blocked account hears so before anything about its body; a usage limit after it.
    assertNotBlocked(principal, 'send');
    assertFutureSchedule(body.schedule);
    assertWithinUsageLimit(principal);
    const notes = await this.templateNotes.of(principal, body);
    const storedBody = await this.inlineAttachments.storeOf(body, principal.accountId, request.id);
    const command: SendCommand = {
      trackingId: request.id,
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
    else await this.messaging.publishJob(Jobs.acceptedSend, command, { msgId: command.trackingId });
    return { trackingId: command.trackingId, messages: [...deprecationNotes(body), ...notes] };
  }
}
