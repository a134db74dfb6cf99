import { VoiceAgentSpecDto } from '@clarion/contracts';
import { voiceAgentSpec } from '@clarion/testing';
import { CallToConnect } from '../voice-provider';
import { playSandboxCall, SANDBOX_NOTICE, speakingMs } from './sandbox-call-script';

function specWith(overrides: Partial<VoiceAgentSpecDto> = {}): VoiceAgentSpecDto {
  return voiceAgentSpec({
    instructions: 'Be brief.',
    inbound: { firstAction: 'speak', greeting: 'Thanks for calling Acme.' },
    outbound: {
      firstAction: 'speak',
      opener: 'Hi Ada, this is Ava from Acme.',
      voicemailAction: 'message',
      voicemailMessage: 'Please call us back.',
    },
    conversation: {
      minEndOfTurnSilenceMs: 500,
      minInterruptionDurationMs: 300,
      silenceTimeoutSeconds: 20,
      maxCallLengthSeconds: 600,
    },
    ...overrides,
  });
}

function call(overrides: Partial<CallToConnect> = {}): CallToConnect {
  return {
    trackingId: '01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b',
    direction: 'outbound',
    source: 'pstn',
    from: '+15005550006',
    to: '+14155550100',
    spec: specWith(),
    websocket: 'ws://localhost:3000/voice/media/x',
    ...overrides,
  };
}

const typesOf = (played: ReturnType<typeof playSandboxCall>) =>
  played.timeline.map((entry) => entry.type);

describe(playSandboxCall.name, () => {
  it('plays an outbound call: ringing, answered, the opener first, the hang-up', () => {
    const sut = playSandboxCall(call());
    expect(typesOf(sut)).toEqual([
      'sandbox',
      'call.ringing',
      'call.answered',
      'agent',
      'user',
      'call.ended',
    ]);
    expect(sut.timeline[0]?.detail).toBe(SANDBOX_NOTICE);
    expect(sut.timeline[3]?.text).toBe('Hi Ada, this is Ava from Acme.');
    expect(sut).toMatchObject({ status: 'ended', outcome: 'completed', endReason: 'user_hangup' });
    expect(sut.endDetail).toContain('sandbox');
    expect(sut.recordingUrl).toBeUndefined();
    const offsets = sut.timeline.map((entry) => entry.offsetMs);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(sut.durationMs).toBe(offsets[offsets.length - 1]);
  });

  it('greets an inbound caller, and waits for their hello when firstAction is wait', () => {
    const speaks = playSandboxCall(call({ direction: 'inbound' }));
    expect(speaks.timeline.find((entry) => entry.type === 'agent')?.text).toBe(
      'Thanks for calling Acme.',
    );
    const waits = playSandboxCall(
      call({
        direction: 'inbound',
        spec: specWith({ inbound: { firstAction: 'wait', greeting: 'Acme, hello.' } }),
      }),
    );
    expect(waits.timeline.filter((e) => e.type === 'agent' || e.type === 'user')).toEqual([
      expect.objectContaining({ type: 'user', text: 'Hello?' }),
      expect.objectContaining({ type: 'agent', text: 'Acme, hello.' }),
      expect.objectContaining({ type: 'user' }),
    ]);
  });

  it('connects a browser call without ringing', () => {
    const sut = playSandboxCall(
      call({ source: 'web', direction: 'inbound', from: 'browser', to: 'agent' }),
    );
    expect(typesOf(sut).slice(0, 3)).toEqual(['sandbox', 'call.answered', 'agent']);
    expect(sut.timeline[1]?.offsetMs).toBe(0);
  });

  it('records when recording is enabled', () => {
    const sut = playSandboxCall(
      call({ spec: specWith({ compliance: { recordingEnabled: true } }) }),
    );
    expect(typesOf(sut)).toContain('recording.started');
    expect(sut.recordingUrl).toBe(
      'https://sandbox.invalid/recordings/01936f7e-3c1a-7cc2-9d0e-8c4f8b6f1a2b.wav',
    );
  });

  it.each([
    ['+14155550002', 'ended', 'no_answer', 'no_answer'],
    ['+14155550004', 'failed', 'failed', 'provider_error'],
  ])('plays a call to %s as %s (%s, %s)', (to, status, outcome, endReason) => {
    expect(playSandboxCall(call({ to }))).toMatchObject({ status, outcome, endReason });
  });

  it.each([
    ['message', 'Please call us back.'],
    ['continue', 'Hi Ada, this is Ava from Acme.'],
    ['hangup', undefined],
  ] as const)('on voicemail with voicemailAction %s leaves %j', (voicemailAction, left) => {
    const spec = specWith({
      outbound: { ...specWith().outbound, voicemailAction },
    });
    const sut = playSandboxCall(call({ to: '+14155550003', spec }));
    expect(sut).toMatchObject({ outcome: 'voicemail', endReason: 'voicemail' });
    expect(typesOf(sut)).toContain('call.voicemail');
    expect(sut.timeline.find((entry) => entry.type === 'agent')?.text).toBe(left);
  });

  it('cuts a call at conversation.maxCallLengthSeconds', () => {
    const long = 'word '.repeat(200);
    const spec = specWith({
      outbound: { ...specWith().outbound, opener: long },
      conversation: { ...specWith().conversation, maxCallLengthSeconds: 10 },
    });
    const sut = playSandboxCall(call({ spec }));
    expect(speakingMs(long)).toBeGreaterThan(10_000);
    expect(sut).toMatchObject({
      outcome: 'completed',
      endReason: 'max_duration',
      durationMs: 10_000,
    });
  });
});
