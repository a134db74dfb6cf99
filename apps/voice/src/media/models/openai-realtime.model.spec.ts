import { eventually, FakeOpenAiRealtime } from '@clarion/testing';
import { ConversationListener, ConversationSetup } from './conversation-model';
import { OpenAiRealtimeModel } from './openai-realtime.model';

const API_KEY = 'sk-test-realtime';
const MODEL = 'gpt-realtime';

const bookMeeting = {
  name: 'book_meeting',
  description: 'Books a meeting with the caller.',
  parameters: { type: 'object', properties: { day: { type: 'string' } }, required: ['day'] },
};

const setupWith = (overrides: Partial<ConversationSetup> = {}): ConversationSetup => ({
  instructions: 'You are Ava. Be brief.',
  tools: [bookMeeting],
  language: 'en-US',
  maxTokens: 800,
  voiceId: 'marin',
  speechSpeed: 1.1,
  turnDetection: 'semantic',
  minEndOfTurnSilenceMs: 500,
  allowInterruptions: true,
  ...overrides,
});

function recordingListener(): jest.Mocked<ConversationListener> {
  return {
    agentAudio: jest.fn(),
    agentSaid: jest.fn(),
    userSaid: jest.fn(),
    userStartedSpeaking: jest.fn(),
    toolCalled: jest.fn(),
    failed: jest.fn(),
  };
}

/** Absence cannot be waited for: this gives stray frames a moment to arrive (and be ignored). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe(OpenAiRealtimeModel.name, () => {
  let peer: FakeOpenAiRealtime;
  let listener: jest.Mocked<ConversationListener>;
  let sut: OpenAiRealtimeModel | undefined;

  beforeEach(async () => {
    peer = await FakeOpenAiRealtime.start(API_KEY);
    listener = recordingListener();
  });

  afterEach(async () => {
    await sut?.close();
    sut = undefined;
    await peer.close();
  });

  const model = (overrides: Partial<ConversationSetup> = {}, apiKey = API_KEY) =>
    new OpenAiRealtimeModel({ apiKey, baseUrl: peer.baseUrl }, MODEL, setupWith(overrides));

  async function started(overrides: Partial<ConversationSetup> = {}): Promise<OpenAiRealtimeModel> {
    const started = model(overrides);
    sut = started;
    await started.start(listener);
    return started;
  }

  /** Frames the peer sent before this have been handled once the agent has said `text`. */
  async function roundTrip(subject: OpenAiRealtimeModel, text = 'Still here.'): Promise<void> {
    subject.say(text);
    await eventually(() =>
      listener.agentSaid.mock.calls.some(([said]) => said === text) ? true : undefined,
    );
  }

  const sessionUpdate = () => peer.eventsOfType('session.update')[0]?.['session'];

  describe('session setup', () => {
    it('connects with the key and model and sets up μ-law audio, voice, transcription, semantic turns and tools', async () => {
      await started();

      expect(peer.sessions).toBe(1);
      expect(peer.models).toEqual([MODEL]);
      expect(sessionUpdate()).toEqual({
        type: 'realtime',
        instructions: 'You are Ava. Be brief.',
        output_modalities: ['audio'],
        audio: {
          input: {
            format: { type: 'audio/pcmu' },
            transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
            turn_detection: {
              type: 'semantic_vad',
              interrupt_response: true,
              create_response: true,
            },
          },
          output: { format: { type: 'audio/pcmu' }, voice: 'marin', speed: 1.1 },
        },
        tools: [{ type: 'function', ...bookMeeting }],
        tool_choice: 'auto',
        max_output_tokens: 800,
      });
    });

    it('asks for server VAD with the end-of-turn silence, and leaves out what the setup does not give', async () => {
      await started({
        turnDetection: 'vad',
        minEndOfTurnSilenceMs: 700,
        allowInterruptions: false,
        tools: [],
        language: undefined,
        speechSpeed: undefined,
        maxTokens: undefined,
      });

      expect(sessionUpdate()).toMatchObject({
        audio: {
          input: {
            transcription: { model: 'gpt-4o-mini-transcribe' },
            turn_detection: {
              type: 'server_vad',
              silence_duration_ms: 700,
              interrupt_response: false,
              create_response: true,
            },
          },
          output: { format: { type: 'audio/pcmu' }, voice: 'marin' },
        },
        tools: [],
      });
      const session = sessionUpdate() as {
        audio: { input: { transcription: object }; output: object };
      };
      expect(session.audio.input.transcription).not.toHaveProperty('language');
      expect(session.audio.output).not.toHaveProperty('speed');
      expect(session).not.toHaveProperty('max_output_tokens');
    });

    it('rejects start with the HTTP status and the reason when the key is wrong', async () => {
      sut = model({}, 'sk-wrong');

      await expect(sut.start(listener)).rejects.toThrow(/HTTP 401.*Incorrect API key/);
      expect(peer.sessions).toBe(0);
    });

    it("rejects start with the server's reason when it refuses the session", async () => {
      peer.refuseSession('invalid_value', "Invalid value: 'nova'. Supported values are: 'marin'.");
      sut = model({ voiceId: 'nova' });

      await expect(sut.start(listener)).rejects.toThrow(/Invalid value: 'nova'.*\(invalid_value\)/);
    });
  });

  describe('agent turns', () => {
    it('speaks a fixed text word for word, with no latency since no caller turn preceded it', async () => {
      const subject = await started();

      subject.say('Hi, this is "Ava" from Clarion.');

      await eventually(() => listener.agentSaid.mock.calls[0]);
      expect(peer.eventsOfType('response.create')).toEqual([
        {
          type: 'response.create',
          response: {
            instructions:
              'Say exactly the following, word for word, and nothing else: "Hi, this is \\"Ava\\" from Clarion."',
          },
        },
      ]);
      expect(listener.agentSaid).toHaveBeenCalledWith('Hi, this is "Ava" from Clarion.', undefined);
    });

    it('lets the agent take the turn on its own', async () => {
      const subject = await started();
      peer.replyWith('Hello! How can I help you today?');

      subject.respond();

      await eventually(() => listener.agentSaid.mock.calls[0]);
      expect(peer.eventsOfType('response.create')).toEqual([{ type: 'response.create' }]);
      expect(listener.agentSaid).toHaveBeenCalledWith(
        'Hello! How can I help you today?',
        undefined,
      );
    });

    it('forwards the agent audio in order, byte for byte', async () => {
      const subject = await started();
      const chunks = [
        Buffer.from([0x00, 0x7f, 0xff]),
        Buffer.alloc(160, 0x55),
        Buffer.from([0x80]),
      ];
      peer.playAudioNext(chunks);

      subject.respond();

      await eventually(() => listener.agentSaid.mock.calls[0]);
      const played = listener.agentAudio.mock.calls.map(([audio]) => audio);
      expect(played).toEqual(chunks);
    });

    it('understands the beta names of audio and transcript events', async () => {
      await started();

      peer.emit({ type: 'response.audio.delta', response_id: 'resp_beta', delta: 'AQID' });
      peer.emit({
        type: 'response.audio_transcript.done',
        response_id: 'resp_beta',
        transcript: 'Beta.',
      });

      await eventually(() => listener.agentSaid.mock.calls[0]);
      expect(listener.agentAudio).toHaveBeenCalledWith(Buffer.from([1, 2, 3]));
      expect(listener.agentSaid).toHaveBeenCalledWith('Beta.', undefined);
    });
  });

  describe('caller turns', () => {
    it("reports the caller's words and the latency from the end of their turn to the answer", async () => {
      const subject = await started();
      peer.replyWith((heard) => `You said: ${heard ?? ''}`);
      peer.answerDelayMs = 60;

      peer.callerSays('What are your opening hours?');

      await eventually(() => listener.agentSaid.mock.calls[0]);
      expect(listener.userSaid).toHaveBeenCalledWith('What are your opening hours?');
      const [said, latencyMs] = listener.agentSaid.mock.calls[0]!;
      expect(said).toBe('You said: What are your opening hours?');
      expect(latencyMs).toBeGreaterThanOrEqual(50);
      expect(latencyMs).toBeLessThan(1_000);

      peer.answerDelayMs = 0;
      await roundTrip(subject, 'Anything else?');
      expect(listener.agentSaid).toHaveBeenLastCalledWith('Anything else?', undefined);
    });

    it('does not report an empty transcription', async () => {
      const subject = await started();
      peer.replyWith('Sorry?');

      peer.callerSays('  ');

      await roundTrip(subject);
      expect(listener.userSaid).not.toHaveBeenCalled();
    });

    it('answers a typed utterance as a user message, with its latency', async () => {
      const subject = await started();
      peer.replyWith((heard) => `Typed: ${heard ?? ''}`);

      subject.hearText('Can I book for Tuesday?');

      await eventually(() => listener.agentSaid.mock.calls[0]);
      expect(peer.events.slice(-2)).toEqual([
        {
          type: 'conversation.item.create',
          item: {
            type: 'message',
            role: 'user',
            content: [{ type: 'input_text', text: 'Can I book for Tuesday?' }],
          },
        },
        { type: 'response.create' },
      ]);
      expect(listener.agentSaid).toHaveBeenCalledWith(
        'Typed: Can I book for Tuesday?',
        expect.any(Number),
      );
    });

    it('appends caller audio as base64 and drops it once closed', async () => {
      const subject = await started();

      subject.hearCaller(Buffer.alloc(160, 0xff));
      subject.hearCaller(Buffer.from([1, 2, 3]));
      await eventually(() =>
        peer.eventsOfType('input_audio_buffer.append').length === 2 ? true : undefined,
      );
      await subject.close();
      subject.hearCaller(Buffer.from([4]));
      await settle();

      expect(peer.eventsOfType('input_audio_buffer.append')).toEqual([
        { type: 'input_audio_buffer.append', audio: Buffer.alloc(160, 0xff).toString('base64') },
        { type: 'input_audio_buffer.append', audio: 'AQID' },
      ]);
    });
  });

  describe('barge-in', () => {
    it('tells the session and cancels the streaming response, ignoring the server having cancelled it first', async () => {
      const subject = await started();
      peer.holdNextResponse();
      subject.say('Let me tell you about our plans.');
      await eventually(() => listener.agentAudio.mock.calls[0]);

      peer.callerStartsSpeaking();

      await eventually(() => peer.eventsOfType('response.cancel')[0]);
      expect(listener.userStartedSpeaking).toHaveBeenCalledTimes(1);
      await roundTrip(subject);
      expect(listener.failed).not.toHaveBeenCalled();
    });

    it('neither tells the session nor cancels when interruptions are off', async () => {
      const subject = await started({ allowInterruptions: false });
      peer.holdNextResponse();
      subject.say('Please listen to the end.');
      await eventually(() => listener.agentAudio.mock.calls[0]);

      peer.callerStartsSpeaking();
      peer.finishResponse();

      await eventually(() => listener.agentSaid.mock.calls[0]);
      await roundTrip(subject);
      expect(listener.userStartedSpeaking).not.toHaveBeenCalled();
      expect(peer.eventsOfType('response.cancel')).toEqual([]);
    });
  });

  describe('tools', () => {
    it('reports a tool call with its arguments and sends the result back for the next response', async () => {
      const subject = await started();
      peer.callToolNext('book_meeting', { day: 'Tuesday' });

      subject.respond();

      const [call] = await eventually(() => listener.toolCalled.mock.calls[0]);
      expect(call).toEqual({
        callId: expect.stringMatching(/^call_/),
        name: 'book_meeting',
        args: { day: 'Tuesday' },
      });

      peer.replyWith('Booked for Tuesday.');
      subject.toolResult(call.callId, '{"booked":true}');

      await eventually(() => listener.agentSaid.mock.calls[0]);
      expect(peer.events.slice(-2)).toEqual([
        {
          type: 'conversation.item.create',
          item: { type: 'function_call_output', call_id: call.callId, output: '{"booked":true}' },
        },
        { type: 'response.create' },
      ]);
      expect(listener.agentSaid).toHaveBeenCalledWith('Booked for Tuesday.', undefined);
    });

    it('gives empty arguments when they are not a JSON object', async () => {
      await started();

      peer.emit({
        type: 'response.function_call_arguments.done',
        call_id: 'call_1',
        name: 'hang_up',
        arguments: '{"reason":',
      });
      peer.emit({
        type: 'response.function_call_arguments.done',
        call_id: 'call_2',
        name: 'hang_up',
        arguments: '[1]',
      });

      await eventually(() => listener.toolCalled.mock.calls[1]);
      expect(listener.toolCalled.mock.calls).toEqual([
        [{ callId: 'call_1', name: 'hang_up', args: {} }],
        [{ callId: 'call_2', name: 'hang_up', args: {} }],
      ]);
    });
  });

  describe('failures', () => {
    it('fails on a fatal server error and hangs up', async () => {
      await started();

      peer.sendError('server_error', 'The server had an error while processing your request.');

      const [error] = await eventually(() => listener.failed.mock.calls[0]);
      expect(error.message).toContain('The server had an error');
      await eventually(() => peer.closeCodes[0]);
      expect(peer.closeCodes).toEqual([1000]);
      expect(listener.failed).toHaveBeenCalledTimes(1);
    });

    it('ignores the errors of crossed cancels and creates, frames that are not JSON, and unknown events', async () => {
      const subject = await started();

      peer.sendError('response_cancel_not_active', 'Cancellation failed: no active response found');
      peer.sendError(
        'conversation_already_has_active_response',
        'Conversation already has an active response',
      );
      peer.sendFrame('not json');
      peer.sendFrame('{"no":"type"}');
      peer.emit({ type: 'rate_limits.updated', rate_limits: [] });

      await roundTrip(subject);
      expect(listener.failed).not.toHaveBeenCalled();
    });

    it('calls failed once when the connection drops', async () => {
      await started();

      peer.dropConnection();

      await eventually(() => listener.failed.mock.calls[0]);
      await settle();
      expect(listener.failed).toHaveBeenCalledTimes(1);
      expect(listener.failed.mock.calls[0]![0].message).toMatch(/closed the connection/);
    });

    it('calls nothing after close(), closing with 1000', async () => {
      const subject = await started();
      peer.holdNextResponse();
      subject.say('A long story.');
      await eventually(() => listener.agentAudio.mock.calls[0]);
      listener.agentAudio.mockClear();

      const closing = subject.close();
      peer.finishResponse();
      peer.callerSays('Hello?');
      await closing;
      await settle();

      expect(peer.closeCodes).toEqual([1000]);
      for (const method of Object.values(listener)) expect(method).not.toHaveBeenCalled();
    });
  });
});
