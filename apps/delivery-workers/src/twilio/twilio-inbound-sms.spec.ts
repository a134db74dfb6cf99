import { interpretInboundSms } from './twilio-inbound-sms';

const SMS_SID = 'SM0123456789abcdef0123456789abcdef';

describe(interpretInboundSms.name, () => {
  const inbound = (params: Record<string, string>) =>
    interpretInboundSms({
      MessageSid: SMS_SID,
      From: '+15558675310',
      To: '+15005550006',
      ...params,
    });

  it('reads a text with its media in order', () => {
    const params = {
      Body: 'photo attached',
      NumMedia: '2',
      MediaUrl0: 'https://api.twilio.com/m/0',
      MediaUrl1: 'https://api.twilio.com/m/1',
    };
    expect(inbound(params)).toEqual({
      type: 'sms-inbound',
      sid: SMS_SID,
      from: '+15558675310',
      to: '+15005550006',
      body: 'photo attached',
      mediaUrls: ['https://api.twilio.com/m/0', 'https://api.twilio.com/m/1'],
    });
  });

  it.each([
    ['STOP', 'STOP'],
    ['  stopall ', 'STOP'],
    ['Unsubscribe', 'STOP'],
    ['cancel', 'STOP'],
    ['END', 'STOP'],
    ['quit', 'STOP'],
    ['OptOut', 'STOP'],
    ['revoke', 'STOP'],
    ['start', 'START'],
    ['Yes', 'START'],
    ['UNSTOP', 'START'],
    ['help', 'HELP'],
    ['Info\n', 'HELP'],
  ])('reads %j as the keyword %s', (body, keyword) => {
    expect(inbound({ Body: body })).toMatchObject({ type: 'sms-inbound', keyword });
  });

  it.each(['please stop', 'STOP.', 'stopp', ''])('reads %j as no keyword', (body) => {
    expect(inbound({ Body: body })).not.toHaveProperty('keyword');
  });

  it('reads a text without Body or NumMedia as empty', () => {
    expect(inbound({})).toMatchObject({ body: '', mediaUrls: [] });
  });

  it.each([
    ['no sid', { MessageSid: '' }],
    ['no From', { From: ' ' }],
    ['an unreadable NumMedia', { NumMedia: 'two' }],
    ['more media than Twilio sends', { NumMedia: '11' }],
  ])('ignores a text with %s', (_label, params: Record<string, string>) => {
    expect(inbound(params)).toMatchObject({ type: 'ignored' });
  });
});
