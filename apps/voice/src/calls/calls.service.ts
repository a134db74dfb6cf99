import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  Broadcasts,
  CALL_RETENTION_DAYS,
  DomainError,
  E164_MESSAGE,
  ForbiddenError,
  GetVoiceCallResponseDto,
  InboundVoiceCallReply,
  InboundVoiceCallRequest,
  ListVoiceCallsRequest,
  ListVoiceCallsResponseDto,
  newTimeOrderedId,
  NotFoundError,
  PlaceVoiceCallRequest,
  Requests,
  resolveCallVariables,
  ValidationFailedError,
  VoiceAgentSpecDto,
  VoiceCallResponseDto,
  VoiceCallStatusRequest,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { OutboundGuard } from '@clarion/outbound';
import { AgentsRepository } from '../agents/agents.repository';
import { assertToolUrlsAllowed } from '../agents/tool-urls';
import {
  CallToConnect,
  ConnectedCall,
  VOICE_PROVIDER,
  VoiceProvider,
} from '../telephony/voice-provider';
import { SpeechModels } from '../media/models/speech-models';
import { VoiceSettings } from '../voice.settings';
import { decodeCallCursor, encodeCallCursor } from './call-cursor';
import { toCallDetail, toCallSummary } from './call.mapper';
import { CallRow } from './call.row';
import { CallsRepository } from './calls.repository';
import { isMachine, progressOfTwilioStatus } from './provider-status';
import { defaultValuesOf, resolveSpec } from './resolved-spec';

const DAY_MS = 24 * 60 * 60_000;
const NOT_IN_SERVICE = 'The number you called is not taking calls.';

/** Placing, answering and reading calls; their records are kept 30 days. */
@Injectable()
export class CallsService {
  private readonly logger = new Logger(CallsService.name);

  constructor(
    @Inject(VOICE_PROVIDER) private readonly provider: VoiceProvider,
    private readonly calls: CallsRepository,
    private readonly agents: AgentsRepository,
    private readonly messaging: MessagingClient,
    private readonly settings: VoiceSettings,
    private readonly models: SpeechModels,
    private readonly guard: OutboundGuard,
  ) {}

  /** POST /voice/call (pstn) and POST /voice/browser-call (web), with an inline spec. */
  async place(request: PlaceVoiceCallRequest): Promise<VoiceCallResponseDto> {
    const { accountId, agentId, source } = request;
    if (source === 'pstn' && request.phoneNumber === undefined) {
      throw new ValidationFailedError(E164_MESSAGE);
    }
    assertToolUrlsAllowed(request.spec, this.guard);
    if (agentId !== undefined && !(await this.agents.find(accountId, agentId))) {
      throw new NotFoundError(
        `The voice agent ${agentId}`,
        'Leave agentId out, or save the agent first.',
      );
    }
    const variables = resolveCallVariables(request.spec.variables, request.variables);
    const speech = this.speechFor(request.spec);
    const endpoints =
      source === 'web'
        ? { direction: 'inbound' as const, from: 'browser', to: 'agent' }
        : {
            direction: 'outbound' as const,
            from: await this.callerNumberOf(accountId, agentId),
            to: request.phoneNumber ?? '',
          };
    const call = this.newCall(accountId, agentId, source, endpoints, request.spec, variables);
    const row = await this.calls.insert(
      this.rowOf(call, accountId, agentId, variables, `pending-${call.trackingId}`),
    );
    let connected: ConnectedCall;
    try {
      connected =
        source === 'web' && speech === 'available'
          ? { callControlId: `web-${call.trackingId}` }
          : await this.provider.place(call);
    } catch (error) {
      const detail = error instanceof DomainError ? error.message : String(error);
      const ending = { status: 'failed' as const, endedAt: new Date(), outcome: 'failed' as const };
      await this.calls.progress(call.trackingId, [{ offsetMs: 0, type: 'call.ended', detail }], {
        ...ending,
        endReason: 'provider_error',
        endDetail: detail,
      });
      throw error;
    }
    await this.calls.placed(call.trackingId, connected.callControlId);
    await this.recordPlayed(row, connected);
    return {
      trackingId: call.trackingId,
      callControlId: connected.callControlId,
      websocket: call.websocket,
    };
  }

  /** A call to a number: its agent takes it when the number is bound to one. */
  async inbound(request: InboundVoiceCallRequest): Promise<InboundVoiceCallReply> {
    if (request.provider !== this.provider.name) {
      throw new ForbiddenError(
        `An inbound call from ${request.provider} reached a voice service that runs ${this.provider.name}`,
        'Configure the same Twilio account (TWILIO_AUTH_TOKEN) for the gateway and VOICE_PROVIDER=twilio, or neither for the sandbox.',
      );
    }
    const route = await this.messaging.request(Requests.routeNumber, { phoneNumber: request.to });
    const agent =
      route.accountId && route.agentId
        ? await this.agents.find(route.accountId, route.agentId)
        : undefined;
    if (!agent) return { answered: false, message: NOT_IN_SERVICE };
    const variables = defaultValuesOf(agent.spec);
    const endpoints = { direction: 'inbound' as const, from: request.from, to: request.to };
    const call = this.newCall(
      agent.accountId,
      agent.agentId,
      'pstn',
      endpoints,
      agent.spec,
      variables,
    );
    const connected = this.provider.answer(call, request.callControlId);
    const row = await this.calls.insert(
      this.rowOf(call, agent.accountId, agent.agentId, variables, connected.callControlId),
    );
    // A provider that announces a call twice gets the first call's record.
    if (row.trackingId === call.trackingId) await this.recordPlayed(row, connected);
    return {
      answered: true,
      trackingId: row.trackingId,
      websocket: this.settings.websocketOf(row.trackingId),
    };
  }

  /** A Twilio status or recording callback; `known` is false for a call this service never had. */
  async providerStatus(request: VoiceCallStatusRequest): Promise<{ known: boolean }> {
    const row = await this.calls.byCallControlId('twilio', request.callControlId);
    if (!row) return { known: false };
    const { entries, ending } = progressOfTwilioStatus(row, request, new Date());
    await this.calls.progress(row.trackingId, entries, ending, request.recordingUrl);
    // The replica carrying the call's media plays the agent's voicemailAction.
    if (isMachine(request.answeredBy) && row.status === 'active') {
      this.messaging.broadcast(Broadcasts.voicemailReached, {
        trackingId: row.trackingId,
        answeredBy: request.answeredBy ?? 'machine',
      });
    }
    return { known: true };
  }

  async get(accountId: string, trackingId: string): Promise<GetVoiceCallResponseDto> {
    const now = new Date();
    const row = await this.calls.find(accountId, trackingId, retentionCutoff(now));
    if (!row) {
      throw new NotFoundError(
        `The call ${trackingId}`,
        `GET /voice/calls lists the calls of this account from the last ${CALL_RETENTION_DAYS} days.`,
      );
    }
    return { call: toCallDetail(row, now) };
  }

  async list(request: ListVoiceCallsRequest): Promise<ListVoiceCallsResponseDto> {
    const now = new Date();
    const rows = await this.calls.page({
      accountId: request.accountId,
      agentId: request.agentId,
      since: retentionCutoff(now),
      after: request.cursor === undefined ? undefined : decodeCallCursor(request.cursor),
      limit: request.limit + 1,
    });
    const page = rows.slice(0, request.limit);
    const last = page[page.length - 1];
    return {
      calls: page.map((row) => toCallSummary(row, now)),
      ...(rows.length > request.limit &&
        last && {
          cursor: encodeCallCursor({ startedAt: last.startedAt, trackingId: last.trackingId }),
        }),
    };
  }

  private newCall(
    accountId: string,
    agentId: string | undefined,
    source: CallToConnect['source'],
    endpoints: Pick<CallToConnect, 'direction' | 'from' | 'to'>,
    spec: VoiceAgentSpecDto,
    variables: Record<string, string>,
  ): CallToConnect {
    const trackingId = newTimeOrderedId();
    this.logger.debug(`Call ${trackingId} of ${accountId} (agent ${agentId ?? 'none'})`);
    return {
      trackingId,
      source,
      ...endpoints,
      spec: resolveSpec(spec, variables),
      websocket: this.settings.websocketOf(trackingId),
    };
  }

  private rowOf(
    call: CallToConnect,
    accountId: string,
    agentId: string | undefined,
    variables: Record<string, string>,
    callControlId: string,
  ): CallRow {
    return {
      trackingId: call.trackingId,
      accountId,
      agentId: agentId ?? null,
      agentName: call.spec.name,
      direction: call.direction,
      source: call.source,
      from: call.from,
      to: call.to,
      status: 'active',
      provider: this.provider.name,
      callControlId,
      spec: call.spec,
      variables,
      timeline: [],
      startedAt: new Date(),
      endedAt: null,
      outcome: null,
      endReason: null,
      endDetail: null,
      recordingUrl: null,
      cost: null,
    };
  }

  /**
   * What the sandbox played goes into the record at once: its timeline, and an end as long
   * after the start as the simulated call lasted.
   */
  private async recordPlayed(row: CallRow, connected: ConnectedCall): Promise<void> {
    const played = connected.played;
    if (!played) return;
    await this.calls.progress(
      row.trackingId,
      played.timeline,
      {
        status: played.status,
        endedAt: new Date(row.startedAt.getTime() + played.durationMs),
        outcome: played.outcome,
        endReason: played.endReason,
        endDetail: played.endDetail,
      },
      played.recordingUrl,
    );
  }

  /**
   * Whether the media websocket can run the spec's model. Without it only the sandbox can take
   * the call (it plays it through); a real provider would connect a call no one speaks on.
   */
  private speechFor(spec: VoiceAgentSpecDto): 'available' | 'sandboxed' {
    const unavailable = this.models.unavailability(spec.model);
    if (!unavailable) return 'available';
    if (this.provider.name === 'sandbox') return 'sandboxed';
    throw new ValidationFailedError(
      `${unavailable.field}: ${unavailable.reason}`,
      'Name a supported provider the deployment has a key for (OPENAI_API_KEY, DEEPGRAM_API_KEY, ELEVENLABS_API_KEY).',
    );
  }

  /** Outbound calls come from a number bound to the agent, else any of the account's, else the shared one. */
  private async callerNumberOf(accountId: string, agentId: string | undefined): Promise<string> {
    const { numbers, sharedNumber } = await this.messaging.request(Requests.listNumbers, {
      accountId,
    });
    const bound = numbers.find(
      (number) => agentId !== undefined && number.boundAgentId === agentId,
    );
    const voiceCapable = numbers.find((number) => number.features?.includes('voice'));
    return bound?.phoneNumber ?? voiceCapable?.phoneNumber ?? sharedNumber;
  }
}

function retentionCutoff(now: Date): Date {
  return new Date(now.getTime() - CALL_RETENTION_DAYS * DAY_MS);
}
