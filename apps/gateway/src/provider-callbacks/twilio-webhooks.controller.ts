import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  emptyTwiml,
  Jobs,
  NotFoundError,
  TWILIO_CALLBACK_KINDS,
  TwilioCallbackKind,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { formParams, verifyTwilioSignature } from './twilio-callback';

/**
 * Twilio's status callbacks and inbound texts. The signature is checked against the URL Twilio
 * called (PUBLIC_URL plus the path); the callback is queued durably for delivery-workers before
 * Twilio gets its 200, so a callback Twilio saw accepted is never lost.
 */
@ApiExcludeController()
@Controller('webhooks/twilio')
export class TwilioWebhooksController {
  constructor(
    private readonly messaging: MessagingClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Post(':kind')
  @HttpCode(200)
  async receive(
    @Param('kind') kind: string,
    @Body() body: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (
      !this.env.TWILIO_AUTH_TOKEN ||
      !TWILIO_CALLBACK_KINDS.includes(kind as TwilioCallbackKind)
    ) {
      throw new NotFoundError(`The Twilio callback ${kind}`);
    }
    const params = formParams(body);
    verifyTwilioSignature(this.env, request, params, signature);
    await this.messaging.publishJob(
      Jobs.providerCallback,
      {
        provider: 'twilio',
        kind: kind as TwilioCallbackKind,
        params,
        receivedAt: new Date().toISOString(),
      },
      { msgId: callbackIdOf(kind, params) },
    );
    void reply.type('text/xml');
    return emptyTwiml();
  }
}

/** Twilio may repeat a callback: the same message and status is stored once. */
function callbackIdOf(kind: string, params: Record<string, string>): string {
  const sid = params['MessageSid'] ?? params['SmsSid'] ?? params['CallSid'] ?? 'unknown';
  const status = params['MessageStatus'] ?? params['SmsStatus'] ?? params['CallStatus'] ?? '';
  return `twilio:${kind}:${sid}:${status}`;
}
