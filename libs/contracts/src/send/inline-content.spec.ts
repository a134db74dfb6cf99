import { Channel } from '../common/channel.enum';
import { channelsOfContent } from './inline-content';

describe(channelsOfContent.name, () => {
  const sut = channelsOfContent;

  it('names the channels whose content objects a send carries', () => {
    expect(
      sut({
        type: 'welcome',
        to: { id: 'u1' },
        inapp: { title: 'Hi' },
        email: { subject: 's', html: '<p>h</p>' },
      }),
    ).toEqual([Channel.EMAIL, Channel.INAPP_WEB]);
  });

  it('names CALL, not VOICE, for call content, and nothing for a send without content', () => {
    expect(sut({ type: 'alarm', to: { id: 'u1' }, call: { message: 'Wake up' } })).toEqual([
      Channel.CALL,
    ]);
    expect(sut({ type: 'alarm', to: { id: 'u1' } })).toEqual([]);
  });
});
