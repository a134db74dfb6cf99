import { ValidationFailedError } from '@clarion/contracts';
import { OutboundGuard } from '@clarion/outbound';
import { voiceAgentSpec } from '@clarion/testing';
import { assertToolUrlsAllowed } from './tool-urls';

const withTool = (url: string) =>
  voiceAgentSpec({
    tools: [
      { type: 'end_call', name: 'bye', description: 'Hang up' },
      { type: 'http_request', name: 'lookup', description: 'Look up', url, method: 'GET' },
    ],
  });

describe(assertToolUrlsAllowed.name, () => {
  const guard = OutboundGuard.fromAllowList('');
  afterAll(() => guard.close());

  it.each([
    'https://2130706433/orders',
    'https://0x7f000001/orders',
    'https://0177.0.0.1/orders',
    'https://127.1/orders',
    'https://0/orders',
    'https://[::ffff:127.0.0.1]/orders',
    'https://[::127.0.0.1]/orders',
    'https://[64:ff9b::7f00:1]/orders',
    'https://[2002:7f00:1::]/orders',
    'https://[0:0:0:0:0:0:0:1]/orders',
    'https://LOCALHOST./orders',
    'https://127.0.0.1./orders',
    'https://169.254.169.254/latest',
    'https://[fd00:ec2::254]/latest',
    'https://100.64.0.1/orders',
    'https://10.0.0.1/orders',
    'https://172.16.0.1/orders',
    'https://192.168.1.1/orders',
    'https://example.com@127.0.0.1/orders',
  ])('refuses to save a tool that calls %s', (url) => {
    const refusal = catchOf(() => assertToolUrlsAllowed(withTool(url), guard));
    expect(refusal).toBeInstanceOf(ValidationFailedError);
    expect((refusal as Error).message).toMatch(
      /^spec\.tools\.1\.url cannot be called: .*(private, loopback|loopback name)/,
    );
  });

  it('saves a tool whose name is looked up only when it is called', () => {
    expect(() =>
      assertToolUrlsAllowed(withTool('https://api.example.com/orders'), guard),
    ).not.toThrow();
  });
});

function catchOf(act: () => void): unknown {
  try {
    act();
  } catch (error) {
    return error;
  }
  return undefined;
}
