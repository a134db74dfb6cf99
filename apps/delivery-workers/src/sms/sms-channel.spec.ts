import { Channel, SmsDeliveryJob } from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { OutboundGuard } from '@clarion/outbound';
import { AttemptContext, ProviderOutcome } from '../delivery/provider-outcome';
import { SenderOwnership } from './sender-ownership';
import { SmsChannel, SmsProvider } from './sms-channel';

const ctx: AttemptContext = { idempotencyKey: 'trk-1:sms:+14155550100', attempt: 1 };

/** The carrier side: counts the messages it was asked to send (it would fetch their media). */
class MessagesSent implements SmsProvider {
  readonly provider = 'sandbox';
  readonly sent: SmsDeliveryJob[] = [];

  send(job: SmsDeliveryJob): Promise<ProviderOutcome> {
    this.sent.push(job);
    return Promise.resolve({ status: 'sent', delivered: false });
  }
}

function mmsJob(mediaUrls: string[]): SmsDeliveryJob {
  return {
    trackingId: 'trk-1',
    accountId: 'acc-1',
    envId: 'env-1',
    channel: Channel.SMS,
    notificationId: 'order_shipped',
    recipient: { id: 'user-1', number: '+14155550100' },
    content: { message: 'Your parcel', mediaUrls },
    receivedAt: new Date().toISOString(),
  };
}

describe(`${SmsChannel.name} with the outbound guard active`, () => {
  const guard = OutboundGuard.fromAllowList('');
  afterAll(() => guard.close());

  it.each([
    'https://0x7f000001/photo.jpg',
    'https://2130706433/photo.jpg',
    'https://[::ffff:127.0.0.1]/photo.jpg',
    'https://[64:ff9b::a9fe:a9fe]/latest',
    'https://169.254.169.254/latest',
    'https://100.64.0.1/photo.jpg',
    'https://localhost/photo.jpg',
    'https://LOCALHOST./photo.jpg',
  ])('fails an MMS whose media is at %s without handing it to the carrier', async (url) => {
    const carrier = new MessagesSent();
    // These jobs name no sender, so nothing asks numbers whose the sender is.
    const sut = new SmsChannel(carrier, guard, new SenderOwnership({} as MessagingClient));
    const outcome = await sut.deliver(mmsJob([url]), { address: '+14155550100' }, ctx);
    expect(outcome).toEqual({
      status: 'failed',
      code: 'Unknown',
      reason: expect.stringMatching(/^Refused to call .*(private, loopback|loopback name)/),
    });
    expect(carrier.sent).toHaveLength(0);
  });
});
