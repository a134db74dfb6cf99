import { eventually, FakeOpenAiChat } from '@clarion/testing';
import { ConversationListener, ConversationSetup, ToolCall } from '../conversation-model';
import { ChainedConversationModel } from './chained.model';
import { OpenAiChatModel } from './openai-chat';
import { SpeechToText, TextToSpeech, TranscriptionListener } from './speech-parts';

const API_KEY = 'sk-test-chained';

/** Speech-to-text the test speaks through: it calls the listener itself. */
class ScriptedStt implements SpeechToText {
  readonly received: Buffer[] = [];
  closed = false;
  private listener?: TranscriptionListener;

  start(listener: TranscriptionListener): Promise<void> {
    this.listener = listener;
    return Promise.resolve();
  }

  send(audio: Buffer): void {
    this.received.push(audio);
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  get caller(): TranscriptionListener {
    if (!this.listener) throw new Error('the speech-to-text was not started');
    return this.listener;
  }
}

/** Text-to-speech that "speaks" one buffer per word, a millisecond apart. */
class WordTts implements TextToSpeech {
  readonly texts: string[] = [];
  refusal?: Error;

  async *synthesize(text: string, signal: AbortSignal): AsyncIterable<Buffer> {
    this.texts.push(text);
    for (const word of text.split(' ')) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (this.refusal) throw this.refusal;
      if (signal.aborted) return;
      yield Buffer.from(word);
    }
  }
}

/** Everything the model told the session, in order. */
class RecordingListener implements ConversationListener {
  readonly trace: string[] = [];
  readonly words: string[] = [];
  readonly said: Array<{ text: string; latencyMs?: number }> = [];
  readonly toolCalls: ToolCall[] = [];
  readonly failures: Error[] = [];

  agentAudio(audio: Buffer): void {
    this.words.push(audio.toString());
    this.trace.push(`audio ${audio.toString()}`);
  }
  agentSaid(text: string, latencyMs?: number): void {
    this.said.push(latencyMs === undefined ? { text } : { text, latencyMs });
    this.trace.push(`agent ${text}`);
  }
  userSaid(text: string): void {
    this.trace.push(`user ${text}`);
  }
  userStartedSpeaking(): void {
    this.trace.push('barge-in');
  }
  toolCalled(call: ToolCall): void {
    this.toolCalls.push(call);
    this.trace.push(`tool ${call.name}`);
  }
  failed(error: Error): void {
    this.failures.push(error);
    this.trace.push(`failed ${error.message}`);
  }
}

const SETUP: ConversationSetup = {
  instructions: 'You answer the phone for Bright Smile Dental.',
  tools: [
    {
      name: 'lookup_appointment',
      description: 'Finds the caller’s next appointment',
      parameters: { type: 'object', properties: { name: { type: 'string' } } },
    },
  ],
  voiceId: 'aura-asteria-en',
  turnDetection: 'vad',
  minEndOfTurnSilenceMs: 500,
  allowInterruptions: true,
};

const until = (condition: () => boolean) => eventually(() => (condition() ? true : undefined));

describe(ChainedConversationModel.name, () => {
  let llm: FakeOpenAiChat;
  let stt: ScriptedStt;
  let tts: WordTts;
  let listener: RecordingListener;
  let sut: ChainedConversationModel;

  async function startModel(setup: Partial<ConversationSetup> = {}): Promise<void> {
    const chat = new OpenAiChatModel(
      { apiKey: API_KEY, baseUrl: llm.baseUrl },
      { model: 'gpt-4.1-mini', temperature: 0.5, maxTokens: 200 },
    );
    sut = new ChainedConversationModel({ stt, llm: chat, tts }, { ...SETUP, ...setup });
    await sut.start(listener);
  }

  beforeEach(async () => {
    llm = await FakeOpenAiChat.start(API_KEY);
    stt = new ScriptedStt();
    tts = new WordTts();
    listener = new RecordingListener();
    await startModel();
  });

  afterEach(async () => {
    await sut.close();
    await llm.close();
  });

  it('speaks exactly the text it is given and reports it without latency', async () => {
    sut.say('Thanks for calling Bright Smile.');

    await until(() => listener.said.length === 1);
    expect(listener.trace).toEqual([
      'audio Thanks',
      'audio for',
      'audio calling',
      'audio Bright',
      'audio Smile.',
      'agent Thanks for calling Bright Smile.',
    ]);
    expect(listener.said).toEqual([{ text: 'Thanks for calling Bright Smile.' }]);
    expect(llm.requests).toEqual([]);
  });

  it('forwards caller audio to the speech-to-text', () => {
    sut.hearCaller(Buffer.from([0xff, 0x7f]));

    expect(stt.received).toEqual([Buffer.from([0xff, 0x7f])]);
  });

  it('answers an utterance sentence by sentence, with its latency', async () => {
    llm.replyWith('Sure thing. We open at nine!\nAnything else?');

    stt.caller.utterance('When do you open?');

    await until(() => listener.said.length === 1);
    expect(listener.trace[0]).toBe('user When do you open?');
    expect(tts.texts).toEqual(['Sure thing.', 'We open at nine!', 'Anything else?']);
    expect(listener.words.join(' ')).toBe('Sure thing. We open at nine! Anything else?');
    expect(listener.said).toEqual([
      { text: 'Sure thing. We open at nine!\nAnything else?', latencyMs: expect.any(Number) },
    ]);
    expect(llm.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You answer the phone for Bright Smile Dental.' },
      { role: 'user', content: 'When do you open?' },
    ]);
  });

  it('answers typed text without telling it back as userSaid', async () => {
    sut.hearText('Are you open on Saturday?');

    await until(() => listener.said.length === 1);
    expect(listener.trace).not.toContain('user Are you open on Saturday?');
    expect(listener.said).toEqual([
      { text: 'You said: Are you open on Saturday?.', latencyMs: expect.any(Number) },
    ]);
  });

  it('speaks first on respond, from the instructions alone', async () => {
    llm.replyWith('Hello, Bright Smile Dental.');

    sut.respond();

    await until(() => listener.said.length === 1);
    expect(listener.said).toEqual([{ text: 'Hello, Bright Smile Dental.' }]);
    expect(llm.requests[0]?.messages).toEqual([
      { role: 'system', content: 'You answer the phone for Bright Smile Dental.' },
    ]);
  });

  it('plays the first sentence while the language model is still writing', async () => {
    const release = llm.holdReplyEnds();
    llm.replyWith('Hello there. How are you today?');

    stt.caller.utterance('Hi');

    await until(() => listener.words.join(' ') === 'Hello there.');
    expect(listener.said).toEqual([]);
    release();
    await until(() => listener.said.length === 1);
    expect(listener.words.join(' ')).toBe('Hello there. How are you today?');
  });

  it('stops at a barge-in and keeps only what was heard', async () => {
    const release = llm.holdReplyEnds();
    llm.replyWith('Hello there. How are you today?');
    stt.caller.utterance('Hi');
    await until(() => listener.words.length === 2);

    stt.caller.speechStarted();

    expect(listener.trace.slice(-2)).toEqual(['barge-in', 'agent Hello there.']);
    await until(() => llm.disconnects === 1);
    release();
    stt.caller.utterance('Sorry, one question');
    await until(() => listener.said.length === 2);
    expect(tts.texts).not.toContain('How are you today?');
    expect(llm.requests[1]?.messages).toEqual([
      { role: 'system', content: 'You answer the phone for Bright Smile Dental.' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello there.' },
      { role: 'user', content: 'Sorry, one question' },
    ]);
  });

  it('is not cut off when interruptions are off', async () => {
    await sut.close();
    await startModel({ allowInterruptions: false });
    const release = llm.holdReplyEnds();
    llm.replyWith('Hello there. How are you today?');
    stt.caller.utterance('Hi');
    await until(() => listener.words.length === 2);

    stt.caller.speechStarted();
    release();

    await until(() => listener.said.length === 1);
    expect(listener.trace).not.toContain('barge-in');
    expect(listener.said).toEqual([
      { text: 'Hello there. How are you today?', latencyMs: expect.any(Number) },
    ]);
  });

  it('answers a second utterance only after the first reply is over', async () => {
    const release = llm.holdReplyEnds();
    llm.replyWith('First answer. Take your time.');
    llm.replyWith('Second answer.');
    stt.caller.utterance('One');
    await until(() => listener.words.length === 2);

    stt.caller.utterance('Two');

    expect(llm.requests).toHaveLength(1);
    release();
    await until(() => listener.said.length === 2);
    expect(listener.said.map((said) => said.text)).toEqual([
      'First answer. Take your time.',
      'Second answer.',
    ]);
    expect(llm.requests[1]?.messages).toEqual([
      { role: 'system', content: 'You answer the phone for Bright Smile Dental.' },
      { role: 'user', content: 'One' },
      { role: 'assistant', content: 'First answer. Take your time.' },
      { role: 'user', content: 'Two' },
    ]);
  });

  it('calls a tool, then answers with its result', async () => {
    llm.callTool('lookup_appointment', { name: 'Ada' }, 'Let me check.');
    llm.replyWith('You are booked for Tuesday.');
    stt.caller.utterance('When is my appointment? I am Ada.');

    await until(() => listener.toolCalls.length === 1);
    const call = listener.toolCalls[0]!;
    expect(call).toEqual({
      callId: expect.any(String),
      name: 'lookup_appointment',
      args: { name: 'Ada' },
    });
    await until(() => listener.said.length === 1);
    expect(listener.said[0]).toEqual({ text: 'Let me check.', latencyMs: expect.any(Number) });
    expect(llm.requests[0]?.tools).toEqual([{ type: 'function', function: { ...SETUP.tools[0] } }]);

    sut.toolResult(call.callId, '{"day":"Tuesday"}');

    await until(() => listener.said.length === 2);
    expect(listener.said[1]).toEqual({ text: 'You are booked for Tuesday.' });
    expect(llm.requests[1]?.messages).toEqual([
      { role: 'system', content: 'You answer the phone for Bright Smile Dental.' },
      { role: 'user', content: 'When is my appointment? I am Ada.' },
      {
        role: 'assistant',
        content: 'Let me check.',
        tool_calls: [
          {
            id: call.callId,
            type: 'function',
            function: { name: 'lookup_appointment', arguments: '{"name":"Ada"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: call.callId, content: '{"day":"Tuesday"}' },
    ]);
  });

  it('reports a language model refusal once and then stays silent', async () => {
    llm.failWith(500, 'The server had an error');

    stt.caller.utterance('Hello?');
    await until(() => listener.failures.length === 1);
    stt.caller.failed(new Error('speech-to-text gone'));
    sut.say('Still there?');
    stt.caller.utterance('Hello??');

    expect(listener.failures[0]?.message).toBe(
      'OpenAI chat completions refused (HTTP 500): The server had an error',
    );
    expect(listener.trace).toEqual([
      'user Hello?',
      'failed OpenAI chat completions refused (HTTP 500): The server had an error',
    ]);
    expect(llm.requests).toHaveLength(1);
  });

  it('reports a text-to-speech refusal once', async () => {
    tts.refusal = new Error('voice not found');

    sut.say('Welcome.');
    sut.say('Welcome again.');

    await until(() => listener.failures.length === 1);
    expect(listener.trace).toEqual(['failed voice not found']);
    expect(tts.texts).toEqual(['Welcome.']);
  });

  it('reports a speech-to-text failure', () => {
    stt.caller.failed(new Error('Deepgram closed the stream'));

    expect(listener.trace).toEqual(['failed Deepgram closed the stream']);
  });

  it('tells nothing after close and closes the speech-to-text', async () => {
    const release = llm.holdReplyEnds();
    llm.replyWith('Hello there. How are you today?');
    stt.caller.utterance('Hi');
    await until(() => listener.words.length === 2);
    const told = [...listener.trace];

    await sut.close();
    stt.caller.speechStarted();
    stt.caller.utterance('Anyone?');
    sut.hearCaller(Buffer.from([0xff]));
    release();

    await until(() => llm.disconnects === 1);
    expect(stt.closed).toBe(true);
    expect(stt.received).toEqual([]);
    expect(listener.trace).toEqual(told);
    expect(llm.requests).toHaveLength(1);
  });
});
