import { Channel, normalizeSend } from '@clarion/contracts';
import { resolveChannels } from './channel-resolution';

describe('channel resolution', () => {
  const send = normalizeSend({
    type: 'welcome',
    to: { id: 'u1' },
    inapp: { title: 'Hi' },
    email: { subject: 's', html: '<p>h</p>' },
  });

  it('uses the type channels without forceChannels', () => {
    expect(resolveChannels(send, [Channel.SMS])).toEqual([Channel.SMS]);
  });

  it('lets forceChannels override the type channels, once each', () => {
    const forced = { ...send, forceChannels: [Channel.INAPP_WEB, Channel.INAPP_WEB] };
    expect(resolveChannels(forced, [Channel.SMS])).toEqual([Channel.INAPP_WEB]);
  });
});
