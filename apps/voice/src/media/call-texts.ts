import { Injectable } from '@nestjs/common';
import {
  Jobs,
  newTimeOrderedId,
  NotFoundError,
  Requests,
  SendCommand,
  sendOfSms,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';

/** The notification type of the texts voice agents send (created in the environment on first use). */
export const VOICE_AGENT_SMS_TYPE = 'voice_agent_sms';

/** A text an agent's send_sms tool sends to the other party of its call. */
export interface CallText {
  accountId: string;
  /** The call's trackingId and the model's id of the tool call: together they name the text. */
  callTrackingId: string;
  toolCallId: string;
  /** The call's own number: the text comes from it. */
  from: string;
  to: string;
  message: string;
}

export interface TextSender {
  /** Resolves with the text's trackingId once it is accepted. */
  send(text: CallText): Promise<string>;
}

/**
 * Sends an agent's text as POST /sms does: an accepted send on the SENDS stream, which
 * notifications checks (SMS opt-outs, preferences, limits) and turns into a `delivery.sms` job,
 * so the text gets delivery attempts, a log record and billing like any other SMS. Calls belong
 * to the account, not to an environment: the text goes to the account's first environment.
 */
@Injectable()
export class CallTexts implements TextSender {
  constructor(private readonly messaging: MessagingClient) {}

  async send(text: CallText): Promise<string> {
    const command: SendCommand = {
      trackingId: newTimeOrderedId(),
      accountId: text.accountId,
      envId: await this.firstEnvironmentOf(text.accountId),
      receivedAt: new Date().toISOString(),
      origin: { agent: `voice call ${text.callTrackingId}` },
      body: sendOfSms({
        type: VOICE_AGENT_SMS_TYPE,
        to: text.to,
        message: text.message,
        from: text.from,
      }),
    };
    // The same tool call publishes once: JetStream drops a repeat of the msg id.
    await this.messaging.publishJob(Jobs.acceptedSend, command, {
      msgId: `voice-sms:${text.callTrackingId}:${text.toolCallId}`,
    });
    return command.trackingId;
  }

  /** The environment the account was created with (billing lists them oldest first). */
  private async firstEnvironmentOf(accountId: string): Promise<string> {
    const [first] = await this.messaging.request(Requests.listEnvironments, { accountId });
    if (!first) throw new NotFoundError(`An environment of the account ${accountId}`);
    const { envId } = await this.messaging.request(Requests.environmentOfAccount, {
      accountId,
      envId: first.clientId,
    });
    return envId;
  }
}
