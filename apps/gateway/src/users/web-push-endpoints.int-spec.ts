import { ErrorCode, Requests } from '@clarion/contracts';
import { createTestNamespace, dropTestNamespace } from '@clarion/testing';
import { GatewayUnderTest, startGateway } from '../test-peers/gateway-under-test';
import { resolvingOnly, testPrincipal } from '../test-peers/test-principal';
import { ServiceStandIn, StandInReply } from '../test-peers/service-stand-in';

const API_KEY = 'clarion_sk_users';
const principal = testPrincipal();

const billing = resolvingOnly(API_KEY, principal);

function services(subject: string, request: unknown): StandInReply {
  if (subject === Requests.resolveApiKey.subject) return billing(request);
  return { data: { id: 'ada', webPushTokens: [] } };
}

describe('POST /users/{userId} with web push endpoints, the outbound guard active', () => {
  const namespace = createTestNamespace();
  let gateway: GatewayUnderTest;
  let standIn: ServiceStandIn;

  beforeAll(async () => {
    standIn = await ServiceStandIn.start(
      namespace,
      [Requests.resolveApiKey.subject, Requests.identifyUser.subject],
      services,
    );
    gateway = await startGateway(namespace, { OUTBOUND_ALLOW_CIDRS: '' });
  });

  afterAll(async () => {
    await gateway.close();
    await standIn.stop();
    await dropTestNamespace(namespace);
  });

  const identify = (endpoint: string) =>
    gateway.inject({
      method: 'POST',
      url: '/users/ada',
      headers: { authorization: `Bearer ${API_KEY}` },
      payload: { webPushTokens: [{ sub: { endpoint, keys: { p256dh: 'k', auth: 'a' } } }] },
    });

  it.each([
    'https://0x7f000001/push/1',
    'https://[::ffff:127.0.0.1]/push/1',
    'https://[::1]/push/1',
    'https://localhost/push/1',
    'https://169.254.169.254/latest',
    'https://[fd00:ec2::254]/latest',
    'https://100.64.0.1/push/1',
    'https://10.1.2.3/push/1',
  ])(
    'answers 400 with the error object for the endpoint %s, and saves nothing',
    async (endpoint) => {
      const response = await identify(endpoint);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        trackingId: expect.any(String),
        error: {
          code: ErrorCode.VALIDATION_FAILED,
          message: expect.stringMatching(
            /^webPushTokens\.0\.sub\.endpoint cannot be called: .*(private, loopback|loopback name)/,
          ),
          fix: expect.stringContaining('push service'),
        },
      });
      expect(standIn.asked(Requests.identifyUser)).toBe(0);
    },
  );

  it('saves an endpoint of a public push service', async () => {
    const response = await identify('https://fcm.googleapis.com/fcm/send/abc');
    expect(response.statusCode).toBe(200);
    expect(standIn.asked(Requests.identifyUser)).toBe(1);
  });
});
