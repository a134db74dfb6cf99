import { Injectable } from '@nestjs/common';
import {
  deprecationNotes,
  DomainError,
  ErrorCode,
  Jobs,
  Principal,
  Requests,
  SendCommand,
  SendDto,
  SendResponseDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyRequest } from 'fastify';
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
    if (principal.accountStatus === 'blocked') {
      throw new DomainError(
        ErrorCode.ACCOUNT_BLOCKED,
        'This account is blocked and cannot send',
        'Contact the operator of this Clarion deployment to unblock the account.',
      );
    }
    assertFutureSchedule(body.schedule);
    if (principal.usageLimited) {
      throw new DomainError(
        ErrorCode.USAGE_LIMIT,
        "This account's usage has reached the cost cap of its budget tier for this billing cycle",
        'Move to a higher budget tier or turn on autoUpgrade (PATCH /account); usage resets on the date GET /account shows.',
      );
    }
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
