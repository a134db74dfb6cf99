import { eventually, FakeDeepgram, freePort } from '@clarion/testing';
import { randomBytes } from 'node:crypto';
import { DeepgramSpeechToText, DeepgramSttOptions } from './deepgram-stt';
import { TranscriptionListener } from './speech-parts';

/** What the adapter told the session, in order. */
class RecordingListener implements TranscriptionListener {
  readonly events: string[] = [];
  readonly failures: Error[] = [];

  speechStarted(): void {
    this.events.push('speech started');
  }

  utterance(text: string): void {
    this.events.push(`utterance: ${text}`);
  }

  failed(error: Error): void {
    this.failures.push(error);
  }
}

/** Lets pending socket events run, to show that nothing more arrives. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe(DeepgramSpeechToText.name, () => {
  const apiKey = 'dg-test-key';
  const options: DeepgramSttOptions = {
    model: 'nova-3',
    language: 'en-US',
    endOfTurnSilenceMs: 300,
  };
  let deepgram: FakeDeepgram;
  let listener: RecordingListener;
  let sut: DeepgramSpeechToText;

  beforeAll(async () => {
    deepgram = await FakeDeepgram.start(apiKey);
  });

  afterAll(() => deepgram.close());

  beforeEach(() => {
    listener = new RecordingListener();
  });

  afterEach(() => sut.close());

  const connect = async (overrides: Partial<DeepgramSttOptions> = {}) => {
    sut = new DeepgramSpeechToText(
      { apiKey, baseUrl: deepgram.baseUrl },
      { ...options, ...overrides },
    );
    await sut.start(listener);
    return deepgram.lastListen;
  };

  it('opens /v1/listen with its token, asking for 8 kHz μ-law, interim results, VAD and endpointing', async () => {
    const listen = await connect();

    expect(listen.headers.authorization).toBe(`Token ${apiKey}`);
    expect(Object.fromEntries(listen.query)).toEqual({
      model: 'nova-3',
      language: 'en-US',
      encoding: 'mulaw',
      sample_rate: '8000',
      channels: '1',
      interim_results: 'true',
      smart_format: 'true',
      vad_events: 'true',
      endpointing: '300',
      utterance_end_ms: '1000',
    });
  });

  it('never asks for endpointing under 10 ms, which Deepgram would not honour', async () => {
    const listen = await connect({ endOfTurnSilenceMs: 0 });

    expect(listen.query.get('endpointing')).toBe('10');
  });

  it('sends the caller audio as binary frames, byte for byte and in order', async () => {
    const listen = await connect();
    const frames = [randomBytes(160), randomBytes(160), randomBytes(160)];

    for (const frame of frames) sut.send(frame);

    await eventually(() => (listen.frames.length === 3 ? true : undefined));
    expect(listen.frames).toEqual(frames);
  });

  it('reports speech starting, then one utterance made of the final segments of the turn', async () => {
    await connect();

    deepgram.speechStarted();
    deepgram.results('I would');
    deepgram.results('I would like', { isFinal: true });
    deepgram.results('a table');
    deepgram.results('a table for two', { isFinal: true, speechFinal: true });

    await eventually(() => (listener.events.length === 2 ? true : undefined));
    expect(listener.events).toEqual(['speech started', 'utterance: I would like a table for two']);
  });

  it('ends a turn on UtteranceEnd when endpointing did not, and ignores one with nothing said', async () => {
    await connect();

    deepgram.results('yes please', { isFinal: true });
    deepgram.utteranceEnd();
    deepgram.utteranceEnd();
    deepgram.speak('thank you', ['thank']);

    await eventually(() => (listener.events.length === 3 ? true : undefined));
    expect(listener.events).toEqual([
      'utterance: yes please',
      'speech started',
      'utterance: thank you',
    ]);
  });

  it('keeps an idle stream open with KeepAlive messages', async () => {
    const listen = await connect({ keepAliveMs: 40 });

    const keepAlives = () => listen.controls.filter((control) => control.type === 'KeepAlive');
    await eventually(() => (keepAlives().length >= 2 ? true : undefined));
  });

  it('reports a dropped connection as failed, once', async () => {
    await connect();

    deepgram.drop();

    await eventually(() => listener.failures[0]);
    sut.send(randomBytes(160));
    await settle();
    expect(listener.failures).toHaveLength(1);
    expect(listener.failures[0]?.message).toMatch(/Deepgram closed the transcription \(1006/);
  });

  it('reports a garbled stream as failed once, though the socket errs and then closes', async () => {
    await connect();

    deepgram.garble();

    await eventually(() => listener.failures[0]);
    await settle();
    expect(listener.failures).toHaveLength(1);
    expect(listener.failures[0]?.message).toMatch(
      /Deepgram transcription broke: Invalid WebSocket frame/,
    );
  });

  it('closes with CloseStream and tells the listener nothing afterwards', async () => {
    const listen = await connect();

    deepgram.results('said just before hanging up', { isFinal: true, speechFinal: true });
    await sut.close();
    sut.send(randomBytes(160));

    expect(listen.controls).toContainEqual({ type: 'CloseStream' });
    await eventually(() => (listen.closed ? true : undefined));
    await settle();
    expect(listen.frames).toHaveLength(0);
    expect(listener.events).toEqual([]);
    expect(listener.failures).toEqual([]);
  });

  it('rejects a wrong key with the HTTP status and what Deepgram said', async () => {
    sut = new DeepgramSpeechToText({ apiKey: 'wrong', baseUrl: deepgram.baseUrl }, options);

    await expect(sut.start(listener)).rejects.toThrow(
      /Deepgram refused the transcription \(HTTP 401\): .*Invalid credentials/,
    );
    expect(listener.failures).toEqual([]);
  });

  it('rejects when Deepgram cannot be reached', async () => {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    sut = new DeepgramSpeechToText({ apiKey, baseUrl }, options);

    await expect(sut.start(listener)).rejects.toThrow(/Deepgram is unreachable/);
  });
});
