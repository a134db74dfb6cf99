import dns, { LookupOptions } from 'node:dns';
import { ErrorCode, Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { resolvingOnly, testPrincipal } from '../test-peers/test-principal';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';

const API_KEY = 'clarion_sk_webhooks';
const principal = testPrincipal();
/** A name this test makes resolve to loopback, as a customer's DNS could. */
const LOOPBACK_NAME = 'hooks.loopback.example';

const billing = resolvingOnly(API_KEY, principal);

function services(subject: string, request: unknown): StandInReply {
  if (subject === Requests.resolveApiKey.subject) return billing(request);
  const { webhook, events } = request as { webhook: string; events: string[] };
  return { data: { webhookId: 'webhook-1', webhook, events, secret: 'whsec_c2VjcmV0' } };
}

describe('PUT /webhooks/events with the outbound guard active', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let standIn: ServiceStandIn;

  beforeAll(async () => {
    const resolve = dns.lookup.bind(dns);
    jest
      .spyOn(dns, 'lookup')
      .mockImplementation(((
        hostname: string,
        options: LookupOptions,
        callback: (...answer: unknown[]) => void,
      ) =>
        hostname === LOOPBACK_NAME
          ? process.nextTick(() => callback(null, [{ address: '127.0.0.1', family: 4 }]))
          : resolve(hostname, options, callback)) as unknown as typeof dns.lookup);
    standIn = await ServiceStandIn.start(
      namespace,
      [Requests.resolveApiKey.subject, Requests.saveEventsWebhook.subject],
      services,
    );
    gateway = await startGateway(namespace, { OUTBOUND_ALLOW_CIDRS: '' });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await gateway.close();
    await standIn.stop();
    await dropTestNamespace(namespace);
  });

  const save = (webhook: string) =>
    gateway.inject({
      method: 'PUT',
      url: '/webhooks/events',
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { webhook, events: ['SMS_FAILED'] },
    });

  const expectRefused = async (webhook: string, message: RegExp) => {
    const response = await save(webhook);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      trackingId: expect.any(String),
      error: {
        code: ErrorCode.VALIDATION_FAILED,
        message: expect.stringMatching(message),
        fix: expect.any(String),
      },
    });
    expect(standIn.asked(Requests.saveEventsWebhook)).toBe(0);
  };

  it.each([
    'http://0x7f000001/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[::1]/hook',
    `http://${LOOPBACK_NAME}/hook`,
    'http://169.254.169.254/latest',
    'http://[fd00:ec2::254]/latest',
    'http://100.64.0.1/hook',
    'http://192.168.0.10/hook',
    'http://example.com@10.0.0.1/hook',
  ])("answers 400 with the guard's reason for %s, and saves nothing", (webhook) =>
    expectRefused(
      webhook,
      /^webhook cannot be called: Refused to call .*(private, loopback|loopback name)/,
    ),
  );

  it.each([
    'http://2130706433/hook',
    'http://0177.0.0.1/hook',
    'http://127.1/hook',
    'http://localhost./hook',
  ])('answers 400 for %s, which is not even taken for a URL, and saves nothing', (webhook) =>
    expectRefused(webhook, /^webhook must be an http or https URL$/),
  );
});
