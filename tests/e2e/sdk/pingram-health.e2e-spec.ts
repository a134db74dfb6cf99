import { instanceOfMessageResponse } from 'pingram';
import { expectComplete, pingramSuite } from './pingram-suite';

describe('pingram@1.0.14: health', () => {
  const suite = pingramSuite();

  it('health.healthCheck', async () => {
    const status = expectComplete(
      await suite.client.health.healthCheck(),
      instanceOfMessageResponse,
    );
    expect(status.message).toEqual(expect.any(String));
  });
});
