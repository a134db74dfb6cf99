import { Injectable } from '@nestjs/common';
import {
  DomainError,
  ErrorCode,
  Principal,
  Requests,
  sendOfEmail,
  SendResponseDto,
  TestEmailRequestDto,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyRequest } from 'fastify';
import { SendsService } from './sends.service';

/**
 * Test emails of a template: sent like POST /email (the same pipeline renders, delivers and
 * logs them), but only ever to the caller's own address, so the operation reaches no one else.
 */
@Injectable()
export class TestEmailsService {
  constructor(
    private readonly messaging: MessagingClient,
    private readonly sends: SendsService,
  ) {}

  async send(
    body: TestEmailRequestDto,
    principal: Principal,
    request: FastifyRequest,
  ): Promise<SendResponseDto> {
    const caller = await this.callerEmailOf(principal);
    const accepted = await this.sends.accept(
      sendOfEmail({
        type: body.notificationId,
        to: caller,
        subject: body.subject,
        html: body.html,
        previewText: body.previewText,
        fromName: body.fromName,
        fromAddress: body.fromAddress,
      }),
      principal,
      request,
      request.id,
    );
    const redirected =
      body.to.toLowerCase() === caller.toLowerCase()
        ? []
        : [`Test emails go to the caller's own address, ${caller}; to (${body.to}) was not used.`];
    return { ...accepted, messages: [...accepted.messages, ...redirected] };
  }

  /** The signed-in member's email, or for an API key the account's first owner's. */
  private async callerEmailOf(principal: Principal): Promise<string> {
    const members = await this.messaging.request(Requests.listMembers, {
      accountId: principal.accountId,
    });
    const caller = principal.member
      ? members.find((member) => member.userId === principal.member?.profileId)
      : members.find((member) => member.role === 'owner');
    if (!caller) {
      throw new DomainError(
        ErrorCode.FORBIDDEN,
        'The caller has no email address to send a test email to',
        'Sign in as a member of the account, or use an API key of an account that has an owner.',
      );
    }
    return caller.email;
  }
}
