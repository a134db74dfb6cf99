import { OutboundGuard } from '@clarion/outbound';
import { LoopbackListener } from '@clarion/testing';
import { WebhookPayload } from './webhook-payload';
import { WebhookSender } from './webhook-sender';

const PAYLOAD: WebhookPayload = {
  webhookId: 'webhook-1',
  eventType: 'SMS_FAILED',
  channel: 'sms',
  trackingId: 'trk-1',
  timestamp: '2026-01-01T00:00:00.000Z',
};
const SECRET = 'whsec_c2VjcmV0';

describe(`${WebhookSender.name} with the outbound guard active`, () => {
  const guard = OutboundGuard.fromAllowList('');
  const sut = new WebhookSender(guard);
  let receiver: LoopbackListener;

  beforeAll(async () => {
    receiver = await LoopbackListener.start();
  });

  afterAll(() => Promise.all([guard.close(), receiver.stop()]));

  it.each([
    'http://0x7f000001:PORT/hook',
    'http://2130706433:PORT/hook',
    'http://[::ffff:127.0.0.1]:PORT/hook',
    'http://[::1]:PORT/hook',
    'http://localhost.:PORT/hook',
  ])('does not call a webhook saved as %s', async (webhook) => {
    const outcome = await sut.send(
      { webhook: webhook.replace('PORT', String(receiver.port)), secret: SECRET },
      'msg-1',
      PAYLOAD,
    );
    expect(outcome).toEqual({
      kind: 'failed',
      reason: expect.stringMatching(/^refused: .*(loopback|private)/),
    });
    expect(receiver.connections).toBe(0);
  });

  it('counts a redirect as a failed attempt and does not follow it', async () => {
    const hop = await LoopbackListener.start(
      (_request, response) =>
        response.writeHead(307, { location: `http://127.0.0.1:${receiver.port}/hook` }).end(),
      ['127.0.0.2'],
    );
    const hopGuard = OutboundGuard.fromAllowList('127.0.0.2/32');
    const allowingTheHop = new WebhookSender(hopGuard);
    try {
      const outcome = await allowingTheHop.send(
        { webhook: `http://127.0.0.2:${hop.port}/hook`, secret: SECRET },
        'msg-2',
        PAYLOAD,
      );
      expect(outcome).toEqual({ kind: 'failed', reason: '307' });
      expect(hop.connections).toBe(1);
      expect(receiver.connections).toBe(0);
    } finally {
      await Promise.all([hopGuard.close(), hop.stop()]);
    }
  });
});
