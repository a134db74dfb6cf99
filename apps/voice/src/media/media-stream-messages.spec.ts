import { clearFrame, markFrame, mediaFrame, parseCallerMessage } from './media-stream-messages';

describe('media stream messages', () => {
  it('reads the Twilio Media Streams events', () => {
    const start = {
      event: 'start',
      streamSid: 'MZ1',
      start: { streamSid: 'MZ1', callSid: 'CA1', customParameters: { token: 't0k' } },
    };
    expect(parseCallerMessage(JSON.stringify(start))).toEqual({
      event: 'start',
      streamSid: 'MZ1',
      callSid: 'CA1',
      token: 't0k',
    });
    const audio = Buffer.from([0xff, 0x7f, 0x00]);
    expect(
      parseCallerMessage(
        JSON.stringify({ event: 'media', media: { payload: audio.toString('base64') } }),
      ),
    ).toEqual({ event: 'media', audio });
    expect(parseCallerMessage('{"event":"dtmf","dtmf":{"digit":"#"}}')).toEqual({
      event: 'dtmf',
      digit: '#',
    });
    expect(parseCallerMessage('{"event":"mark","mark":{"name":"played-1"}}')).toEqual({
      event: 'mark',
      name: 'played-1',
    });
    expect(parseCallerMessage('{"event":"stop"}')).toEqual({ event: 'stop' });
  });

  it('reads typed text from the playground, trimmed', () => {
    expect(parseCallerMessage('{"event":"text","text":"  hello "}')).toEqual({
      event: 'text',
      text: 'hello',
    });
    expect(parseCallerMessage('{"event":"text","text":"   "}')).toBeUndefined();
  });

  it('ignores what it does not know instead of failing', () => {
    for (const frame of [
      'not json',
      '[]',
      '{"event":"media"}',
      '{"event":"dtmf","dtmf":{"digit":"12"}}',
      '{"event":"unknown"}',
    ]) {
      expect(parseCallerMessage(frame)).toBeUndefined();
    }
  });

  it('writes media, mark and clear frames as Twilio expects them', () => {
    expect(JSON.parse(mediaFrame('MZ1', Buffer.from([1, 2])))).toEqual({
      event: 'media',
      streamSid: 'MZ1',
      media: { payload: 'AQI=' },
    });
    expect(JSON.parse(markFrame('MZ1', 'm'))).toEqual({
      event: 'mark',
      streamSid: 'MZ1',
      mark: { name: 'm' },
    });
    expect(JSON.parse(clearFrame('MZ1'))).toEqual({ event: 'clear', streamSid: 'MZ1' });
  });
});
