import { EventsWebhookResponseDto, TenantScope } from '@clarion/contracts';
import { EventsWebhookConfigs } from './events-webhook-configs';
import { EventsWebhooksRepository } from './events-webhooks.repository';

const TENANT = { accountId: 'account-1', envId: 'env-1' };
const CONFIG: EventsWebhookResponseDto = {
  webhookId: 'webhook-1',
  webhook: 'https://receiver.test/hook',
  events: ['SMS_FAILED'],
  secret: 'whsec_c2VjcmV0',
};

/** Answers look-ups as the table would, or fails as a database that is down does. */
class FakeWebhooks {
  config?: EventsWebhookResponseDto = CONFIG;
  down = false;
  readonly lookUps: TenantScope[] = [];

  findEnabled(scope: TenantScope): Promise<EventsWebhookResponseDto | undefined> {
    this.lookUps.push(scope);
    return this.down
      ? Promise.reject(new Error('connection refused'))
      : Promise.resolve(this.config);
  }
}

describe(EventsWebhookConfigs.name, () => {
  let webhooks: FakeWebhooks;
  let sut: EventsWebhookConfigs;

  beforeEach(() => {
    webhooks = new FakeWebhooks();
    sut = new EventsWebhookConfigs(webhooks as unknown as EventsWebhooksRepository);
  });

  it('reads once per environment while the answer is fresh, a missing webhook too', async () => {
    webhooks.config = undefined;
    await sut.of(TENANT);
    await sut.of(TENANT);
    await sut.of({ ...TENANT, envId: 'env-2' });

    expect(webhooks.lookUps).toEqual([TENANT, { ...TENANT, envId: 'env-2' }]);
  });

  it('reads again once the environment is forgotten', async () => {
    expect(await sut.of(TENANT)).toEqual(CONFIG);
    webhooks.config = undefined;
    sut.forget({ envId: TENANT.envId });

    expect(await sut.of(TENANT)).toBeUndefined();
    expect(webhooks.lookUps).toHaveLength(2);
  });

  it('reads again once the answer is 30 s old', async () => {
    await sut.of(TENANT);
    jest.useFakeTimers({ now: Date.now() + 30_001, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      await sut.of(TENANT);
      expect(webhooks.lookUps).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps to the last known configuration while the database does not answer', async () => {
    await sut.of(TENANT);
    webhooks.down = true;
    jest.useFakeTimers({ now: Date.now() + 60_000, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      expect(await sut.of(TENANT)).toEqual(CONFIG);
      expect(webhooks.lookUps).toHaveLength(2);
      await expect(sut.of({ ...TENANT, envId: 'env-2' })).rejects.toThrow('connection refused');
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not answer a forgotten configuration while the database does not answer', async () => {
    await sut.of(TENANT);
    sut.forget({ envId: TENANT.envId });
    webhooks.down = true;

    await expect(sut.of(TENANT)).rejects.toThrow('connection refused');
  });
});
