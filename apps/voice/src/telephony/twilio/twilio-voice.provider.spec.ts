import { VoiceAgentSpecDto } from '@clarion/contracts';
import { FakeTwilio, twilioError, voiceAgentSpec } from '@clarion/testing';
import { CallToConnect } from '../voice-provider';
import { TwilioVoiceProvider } from './twilio-voice.provider';

const spec = (recordingEnabled: boolean): VoiceAgentSpecDto =>
  voiceAgentSpec({
    instructions: 'Be brief.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling.' },
    outbound: { firstAction: 'speak', opener: 'Hi, this is Ava.', voicemailAction: 'hangup' },
    conversation: {
      minEndOfTurnSilenceMs: 500,
      minInterruptionDurationMs: 300,
      silenceTimeoutSeconds: 20,
      maxCallLengthSeconds: 420,
    },
    compliance: { recordingEnabled },
  });

const call = (overrides: Partial<CallToConnect> = {}): CallToConnect => ({
  trackingId: '01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b',
  direction: 'outbound',
  source: 'pstn',
  from: '+15005550006',
  to: '+14155550100',
  spec: spec(true),
  websocket: 'wss://api.example/voice/media/01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b',
  ...overrides,
});

describe('TwilioVoiceProvider against a Twilio-compatible peer', () => {
  let twilio: FakeTwilio;
  let provider: TwilioVoiceProvider;

  beforeAll(async () => {
    twilio = await FakeTwilio.start('ACvoice', 'voice-token');
    provider = new TwilioVoiceProvider({
      baseUrl: twilio.baseUrl,
      accountSid: 'ACvoice',
      authToken: 'voice-token',
      statusCallbackUrl: 'https://api.example/webhooks/twilio/voice-status',
    });
  });

  afterAll(() => twilio.close());

  it('places a call whose TwiML streams its audio to the media websocket, with callbacks, limits and recording', async () => {
    const placed = await provider.place(call());
    expect(placed.callControlId).toMatch(/^CA/);
    const [request] = twilio.requestsTo('Calls.json').slice(-1);
    const form = request!.form;
    expect(form.get('To')).toBe('+14155550100');
    expect(form.get('From')).toBe('+15005550006');
    expect(form.get('Twiml')).toContain('<Connect><Stream url="wss://api.example/voice/media/');
    expect(form.get('StatusCallback')).toBe('https://api.example/webhooks/twilio/voice-status');
    expect(form.getAll('StatusCallbackEvent')).toEqual([
      'initiated',
      'ringing',
      'answered',
      'completed',
    ]);
    expect(form.get('TimeLimit')).toBe('420');
    expect(form.get('MachineDetection')).toBe('Enable');
    expect(form.get('AsyncAmd')).toBe('true');
    expect(form.get('AsyncAmdStatusCallback')).toBe(
      'https://api.example/webhooks/twilio/voice-status',
    );
    expect(form.get('Record')).toBe('true');
    expect(form.get('RecordingStatusCallback')).toBe(
      'https://api.example/webhooks/twilio/voice-status',
    );
  });

  it('does not record when compliance says not to, and places no Twilio leg for a browser', async () => {
    await provider.place(call({ spec: spec(false) }));
    const [request] = twilio.requestsTo('Calls.json').slice(-1);
    expect(request!.form.get('Record')).toBeNull();
    const before = twilio.requestsTo('Calls.json').length;
    expect((await provider.place(call({ source: 'web' }))).callControlId).toMatch(/^web-/);
    expect(twilio.requestsTo('Calls.json')).toHaveLength(before);
  });

  it("turns Twilio's refusal into a provider error that says why", async () => {
    twilio.replyNext({
      status: 400,
      body: twilioError(21215, 'Geographic permission is not enabled for this number', 400),
    });
    await expect(provider.place(call())).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('Geographic permission'),
    });
  });

  it('transfers a live call with TwiML that announces and dials, and refuses unknown calls', async () => {
    const placed = await provider.place(call());
    await provider.transfer(placed.callControlId, '+14155550100', 'Connecting you & a human.');
    const [update] = twilio.requestsTo(`Calls/${placed.callControlId}.json`);
    expect(update!.form.get('Twiml')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Connecting you &amp; a human.</Say><Dial>+14155550100</Dial></Response>',
    );
    await expect(provider.transfer('CA0000', '+14155550100')).rejects.toThrow(/HTTP 404/);
  });

  it('waits for the beep when the agent leaves voicemail messages', async () => {
    const messageSpec = spec(false);
    messageSpec.outbound = {
      ...messageSpec.outbound,
      voicemailAction: 'message',
      voicemailMessage: 'Call us back.',
    };
    await provider.place(call({ spec: messageSpec }));
    const [request] = twilio.requestsTo('Calls.json').slice(-1);
    expect(request!.form.get('MachineDetection')).toBe('DetectMessageEnd');
  });

  it('starts a dual-channel recording of a live call, its URL to the status callback', async () => {
    const placed = await provider.place(call());
    await provider.startRecording(placed.callControlId);
    const [start] = twilio.requestsTo(`Calls/${placed.callControlId}/Recordings.json`);
    expect(Object.fromEntries(start!.form)).toEqual({
      RecordingChannels: 'dual',
      RecordingStatusCallback: 'https://api.example/webhooks/twilio/voice-status',
      RecordingStatusCallbackMethod: 'POST',
    });
    await expect(provider.startRecording('CA0000')).rejects.toThrow(/HTTP 404/);
  });
});
