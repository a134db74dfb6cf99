import { eventually, FakeElevenLabs, fakeSpeech } from '@clarion/testing';
import { ElevenLabsTextToSpeech, ElevenLabsTtsOptions } from './elevenlabs-tts';

async function collect(speech: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of speech) chunks.push(chunk);
  return chunks;
}

describe(ElevenLabsTextToSpeech.name, () => {
  const apiKey = 'xi-test-key';
  const text = 'Gracias por llamar, ¿en qué puedo ayudarle?';
  const options: ElevenLabsTtsOptions = {
    model: 'eleven_flash_v2_5',
    voiceId: 'Xb7hH8MSUJpSbSDYk0k2',
    language: 'es-MX',
    speechSpeed: 1.1,
  };
  let elevenlabs: FakeElevenLabs;
  let sut: ElevenLabsTextToSpeech;

  beforeAll(async () => {
    elevenlabs = await FakeElevenLabs.start(apiKey);
  });

  afterAll(() => elevenlabs.close());

  beforeEach(() => {
    elevenlabs.refusal = undefined;
    sut = new ElevenLabsTextToSpeech({ apiKey, baseUrl: elevenlabs.baseUrl }, options);
  });

  const withOptions = (overrides: Partial<ElevenLabsTtsOptions>) =>
    new ElevenLabsTextToSpeech(
      { apiKey, baseUrl: elevenlabs.baseUrl },
      { ...options, ...overrides },
    );

  it('posts the text, model, language and speed to the voice, streaming 8 kHz μ-law as it comes', async () => {
    const chunks = await collect(sut.synthesize(text, new AbortController().signal));

    const request = elevenlabs.requests.at(-1);
    expect(request?.voiceId).toBe('Xb7hH8MSUJpSbSDYk0k2');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ output_format: 'ulaw_8000' });
    expect(request?.body).toEqual({
      text,
      model_id: 'eleven_flash_v2_5',
      language_code: 'es',
      voice_settings: { speed: 1.1 },
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks)).toEqual(fakeSpeech(text));
  });

  it('keeps the speed within the 0.7–1.2 ElevenLabs accepts', async () => {
    await collect(withOptions({ speechSpeed: 2 }).synthesize('Fast.', AbortSignal.timeout(5_000)));
    await collect(
      withOptions({ speechSpeed: 0.5 }).synthesize('Slow.', AbortSignal.timeout(5_000)),
    );

    const speeds = elevenlabs.requests.slice(-2).map((request) => request.body['voice_settings']);
    expect(speeds).toEqual([{ speed: 1.2 }, { speed: 0.7 }]);
  });

  it('encodes the voice id into the path', async () => {
    await collect(
      withOptions({ voiceId: 'my voice/1' }).synthesize('Hi.', AbortSignal.timeout(5_000)),
    );

    expect(elevenlabs.requests.at(-1)?.voiceId).toBe('my voice/1');
  });

  it('throws the status and message of a wrong key', async () => {
    sut = new ElevenLabsTextToSpeech({ apiKey: 'wrong', baseUrl: elevenlabs.baseUrl }, options);

    await expect(collect(sut.synthesize(text, new AbortController().signal))).rejects.toThrow(
      'ElevenLabs refused the speech (HTTP 401): Invalid API key',
    );
  });

  it('throws the status and detail when ElevenLabs refuses with a plain detail', async () => {
    elevenlabs.refusal = { status: 429, detail: 'Too many concurrent requests' };

    await expect(collect(sut.synthesize(text, new AbortController().signal))).rejects.toThrow(
      'ElevenLabs refused the speech (HTTP 429): Too many concurrent requests',
    );
  });

  it('stops quietly when aborted mid-stream, hanging up on ElevenLabs', async () => {
    const abort = new AbortController();
    const long = Array.from({ length: 40 }, (_, i) => `palabra${i}`).join(' ');
    const chunks: Buffer[] = [];

    for await (const chunk of sut.synthesize(long, abort.signal)) {
      chunks.push(chunk);
      if (chunks.length === 2) abort.abort();
    }

    expect(chunks).toHaveLength(2);
    const request = elevenlabs.requests.at(-1);
    await eventually(() => (request?.cancelled ? true : undefined));
  });
});
