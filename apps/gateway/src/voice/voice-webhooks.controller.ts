import { Body, Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  connectStreamTwiml,
  emptyTwiml,
  NotFoundError,
  Requests,
  sayAndHangUpTwiml,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayEnv } from '../gateway.env';
import { GATEWAY_ENV } from '../gateway.tokens';
import { formParams, verifyTwilioSignature } from '../provider-callbacks/twilio-callback';

/**
 * Twilio's voice webhooks. `voice-inbound` (the number's Voice URL) routes a call to the agent
 * the number is bound to and answers TwiML that streams it to the call's media websocket.
 * Signed with TWILIO_AUTH_TOKEN when it is configured; without it the gateway takes unsigned
 * inbound calls for the sandbox (the voice service refuses them unless it runs the sandbox).
 * `voice-status` carries progress and recordings of calls, and needs the token.
 */
@ApiExcludeController()
@Controller('webhooks/twilio')
export class VoiceWebhooksController {
  constructor(
    private readonly messaging: MessagingClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Post('voice-inbound')
  @HttpCode(200)
  async inbound(
    @Body() body: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const params = formParams(body);
    const signed = verifyTwilioSignature(this.env, request, params, signature);
    const answer = await this.messaging.request(Requests.inboundVoiceCall, {
      provider: signed ? 'twilio' : 'sandbox',
      to: params['To'] ?? '',
      from: params['From'] ?? 'unknown',
      ...(params['CallSid'] && { callControlId: params['CallSid'] }),
    });
    void reply.type('text/xml');
    if (!answer.answered || !answer.websocket || !answer.trackingId) {
      return sayAndHangUpTwiml(answer.message ?? 'This number is not taking calls.');
    }
    void reply.header('x-clarion-tracking-id', answer.trackingId);
    return connectStreamTwiml(answer.websocket);
  }

  @Post('voice-status')
  @HttpCode(200)
  async status(
    @Body() body: unknown,
    @Headers('x-twilio-signature') signature: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    if (!this.env.TWILIO_AUTH_TOKEN) throw new NotFoundError('The Twilio callback voice-status');
    const params = formParams(body);
    verifyTwilioSignature(this.env, request, params, signature);
    const callControlId = params['CallSid'];
    if (callControlId) {
      await this.messaging.request(Requests.voiceCallStatus, {
        callControlId,
        ...(params['CallStatus'] &&
          !params['RecordingUrl'] && { callStatus: params['CallStatus'] }),
        ...(params['AnsweredBy'] && { answeredBy: params['AnsweredBy'] }),
        ...(params['RecordingUrl'] && { recordingUrl: params['RecordingUrl'] }),
        ...(params['ErrorMessage'] && { errorMessage: params['ErrorMessage'] }),
      });
    }
    void reply.type('text/xml');
    return emptyTwiml();
  }
}
