import { eventually, FakeDeepgram, fakeSpeech, freePort } from '@clarion/testing';
import { DeepgramTextToSpeech } from './deepgram-tts';

async function collect(speech: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of speech) chunks.push(chunk);
  return chunks;
}

describe(DeepgramTextToSpeech.name, () => {
  const apiKey = 'dg-test-key';
  const text = 'Thanks for calling, how can I help?';
  let deepgram: FakeDeepgram;
  let sut: DeepgramTextToSpeech;

  beforeAll(async () => {
    deepgram = await FakeDeepgram.start(apiKey);
  });

  afterAll(() => deepgram.close());

  beforeEach(() => {
    deepgram.speakRefusal = undefined;
    sut = new DeepgramTextToSpeech(
      { apiKey, baseUrl: deepgram.baseUrl },
      { model: 'aura-2', voiceId: 'thalia-en' },
    );
  });

  it('posts the text and asks for raw 8 kHz μ-law in the voice, streaming the bytes as they come', async () => {
    const chunks = await collect(sut.synthesize(text, new AbortController().signal));

    const request = deepgram.speakRequests.at(-1);
    expect(request?.text).toBe(text);
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      model: 'aura-2-thalia-en',
      encoding: 'mulaw',
      sample_rate: '8000',
      container: 'none',
    });
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks)).toEqual(fakeSpeech(text));
  });

  it('takes a voice id that is already a Deepgram voice model as it is', async () => {
    sut = new DeepgramTextToSpeech(
      { apiKey, baseUrl: deepgram.baseUrl },
      { model: 'aura-2', voiceId: 'aura-2-andromeda-en' },
    );

    await collect(sut.synthesize('Hello.', new AbortController().signal));

    expect(deepgram.speakRequests.at(-1)?.query.get('model')).toBe('aura-2-andromeda-en');
  });

  it('throws the status and err_msg when Deepgram refuses', async () => {
    deepgram.speakRefusal = { status: 400, code: 'INVALID_MODEL', message: 'No such voice model' };

    await expect(collect(sut.synthesize(text, new AbortController().signal))).rejects.toThrow(
      'Deepgram refused the speech (HTTP 400): No such voice model',
    );
  });

  it('throws a clear message for a wrong key', async () => {
    sut = new DeepgramTextToSpeech(
      { apiKey: 'wrong', baseUrl: deepgram.baseUrl },
      { model: 'aura-2', voiceId: 'thalia-en' },
    );

    await expect(collect(sut.synthesize(text, new AbortController().signal))).rejects.toThrow(
      'Deepgram refused the speech (HTTP 401): Invalid credentials.',
    );
  });

  it('stops quietly when aborted mid-stream, hanging up on Deepgram', async () => {
    const abort = new AbortController();
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const chunks: Buffer[] = [];

    for await (const chunk of sut.synthesize(long, abort.signal)) {
      chunks.push(chunk);
      if (chunks.length === 2) abort.abort();
    }

    expect(chunks).toHaveLength(2);
    const request = deepgram.speakRequests.at(-1);
    await eventually(() => (request?.cancelled ? true : undefined));
  });

  it('yields nothing when already aborted', async () => {
    const before = deepgram.speakRequests.length;

    expect(await collect(sut.synthesize(text, AbortSignal.abort()))).toEqual([]);
    expect(deepgram.speakRequests).toHaveLength(before);
  });

  it('throws when Deepgram cannot be reached', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    sut = new DeepgramTextToSpeech({ apiKey, baseUrl }, { model: 'aura-2', voiceId: 'thalia-en' });

    await expect(collect(sut.synthesize(text, new AbortController().signal))).rejects.toThrow(
      /Deepgram is unreachable/,
    );
  });
});
