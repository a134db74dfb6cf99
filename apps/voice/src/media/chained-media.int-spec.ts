import { newTimeOrderedId, Requests, VoiceAgentSpecDto } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import {
  eventually,
  fakeSpeech,
  FakeDeepgram,
  FakeElevenLabs,
  FakeOpenAiChat,
  MediaStreamClient,
  voiceAgentSpec,
} from '@clarion/testing';
import { runVoiceForSuite } from '../test-peers/voice-suite';

const spec = (tts: string): VoiceAgentSpecDto =>
  voiceAgentSpec({
    model: {
      mode: 'chained',
      stt: 'deepgram:nova-3',
      llm: 'openai:gpt-4o-mini',
      tts,
      voiceId: tts.startsWith('deepgram') ? 'aura-2-thalia-en' : 'voice-1',
      language: 'en-US',
      speechSpeed: 1,
      temperature: 0.4,
      maxTokens: 200,
    },
    conversation: { minEndOfTurnSilenceMs: 300 },
  });

describe('call media through the chained pipeline (Deepgram, OpenAI chat, Deepgram or ElevenLabs on loopback)', () => {
  const accountId = newTimeOrderedId();
  let messaging: MessagingClient;
  let deepgram: FakeDeepgram;
  let chat: FakeOpenAiChat;
  let elevenlabs: FakeElevenLabs;

  beforeAll(async () => {
    [deepgram, chat, elevenlabs] = await Promise.all([
      FakeDeepgram.start('dg-key'),
      FakeOpenAiChat.start('sk-chat'),
      FakeElevenLabs.start('el-key'),
    ]);
  });
  const suite = runVoiceForSuite(() => ({
    OPENAI_API_KEY: 'sk-chat',
    OPENAI_BASE_URL: chat.baseUrl,
    DEEPGRAM_API_KEY: 'dg-key',
    DEEPGRAM_BASE_URL: deepgram.baseUrl,
    ELEVENLABS_API_KEY: 'el-key',
    ELEVENLABS_BASE_URL: elevenlabs.baseUrl,
  }));
  beforeAll(() => {
    ({ messaging } = suite);
  });
  afterAll(() => Promise.all([deepgram.close(), chat.close(), elevenlabs.close()]));

  async function connect(tts: string) {
    const placed = await messaging.request(Requests.placeVoiceCall, {
      accountId,
      source: 'web',
      spec: spec(tts),
    });
    const url = new URL(placed.websocket);
    const caller = await MediaStreamClient.connect(
      `ws://127.0.0.1:${suite.mediaPort}${url.pathname}${url.search}`,
    );
    return { trackingId: placed.trackingId, caller };
  }

  it.each([
    ['deepgram:aura-2', () => deepgram.speakRequests.map((request) => request.text)],
    [
      'elevenlabs:eleven_flash_v2_5',
      () => elevenlabs.requests.map((request) => request.body['text']),
    ],
  ])('hears, thinks and speaks with %s', async (tts, spoken) => {
    chat.replyWith('Sure. Tuesday at ten works.');
    const { trackingId, caller } = await connect(tts);
    await eventually(() => caller.transcripts('agent')[0]);
    expect(caller.audio).toEqual(fakeSpeech('Thanks for calling.'));

    caller.sendAudio(Buffer.alloc(320, 0x7f));
    await eventually(() => (deepgram.lastListen.frames.length >= 2 ? true : undefined));
    expect(deepgram.lastListen.query.get('encoding')).toBe('mulaw');
    deepgram.speak('Can I come on Tuesday?');
    await eventually(() => caller.transcripts('agent')[1]);
    expect(caller.transcripts('user')).toEqual(['Can I come on Tuesday?']);
    expect(caller.transcripts('agent')[1]).toBe('Sure. Tuesday at ten works.');
    expect(spoken().slice(-2)).toEqual(['Sure.', 'Tuesday at ten works.']);
    const lastChat = chat.requests.at(-1)!;
    expect(lastChat['messages']).toEqual([
      { role: 'system', content: 'You book appointments.' },
      { role: 'assistant', content: 'Thanks for calling.' },
      { role: 'user', content: 'Can I come on Tuesday?' },
    ]);

    caller.hangUp();
    const call = await eventually(async () => {
      const found = await messaging.request(Requests.getVoiceCall, { accountId, trackingId });
      return found.call.status === 'active' ? undefined : found.call;
    });
    expect(call.endReason).toBe('user_hangup');
    expect(
      call.timeline.filter((entry) => entry.type === 'agent' || entry.type === 'user'),
    ).toEqual([
      expect.objectContaining({ type: 'agent', text: 'Thanks for calling.' }),
      expect.objectContaining({ type: 'user', text: 'Can I come on Tuesday?' }),
      expect.objectContaining({
        type: 'agent',
        text: 'Sure. Tuesday at ten works.',
        latency: { responseMs: expect.any(Number) },
      }),
    ]);
  });
});
