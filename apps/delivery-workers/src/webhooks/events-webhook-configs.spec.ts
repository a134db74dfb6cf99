import {
  DomainError,
  ErrorCode,
  EventsWebhookOfReply,
  EventsWebhookResponseDto,
  Requests,
} from '@clarion/contracts';
import { MessagingClient } from '@clarion/messaging';
import { EventsWebhookConfigs } from './events-webhook-configs';

const TENANT = { accountId: 'account-1', envId: 'env-1' };
const CONFIG: EventsWebhookResponseDto = {
  webhookId: 'webhook-1',
  webhook: 'https://receiver.test/hook',
  events: ['SMS_FAILED'],
  secret: 'whsec_c2VjcmV0',
};

/** Answers look-ups as notifications would, or fails as a request to a stopped service does. */
class FakeNotifications {
  reply: EventsWebhookOfReply = { config: CONFIG };
  down = false;
  readonly requests: { subject: string; payload: unknown }[] = [];

  request(definition: { subject: string }, payload: unknown): Promise<unknown> {
    this.requests.push({ subject: definition.subject, payload });
    if (this.down) {
      return Promise.reject(new DomainError(ErrorCode.SERVICE_UNAVAILABLE, 'No service'));
    }
    const isLookUp = definition.subject === Requests.getEventsWebhook.subject;
    return Promise.resolve(isLookUp ? this.reply : { success: true });
  }

  lookUps(): number {
    return this.requests.filter(({ subject }) => subject === Requests.getEventsWebhook.subject)
      .length;
  }
}

describe(EventsWebhookConfigs.name, () => {
  let notifications: FakeNotifications;
  let sut: EventsWebhookConfigs;

  beforeEach(() => {
    notifications = new FakeNotifications();
    sut = new EventsWebhookConfigs(notifications as unknown as MessagingClient);
  });

  it('asks once per environment while the answer is fresh, a missing webhook too', async () => {
    notifications.reply = {};
    await sut.of(TENANT);
    await sut.of(TENANT);
    await sut.of({ ...TENANT, envId: 'env-2' });

    expect(notifications.requests.map(({ payload }) => payload)).toEqual([
      TENANT,
      { ...TENANT, envId: 'env-2' },
    ]);
  });

  it('asks again once a change of the environment is broadcast', async () => {
    expect(await sut.of(TENANT)).toEqual(CONFIG);
    notifications.reply = {};
    sut.forget({ envId: TENANT.envId });

    expect(await sut.of(TENANT)).toBeUndefined();
    expect(notifications.lookUps()).toBe(2);
  });

  it('keeps to the last known configuration while notifications does not answer', async () => {
    await sut.of(TENANT);
    notifications.down = true;
    jest.useFakeTimers({ now: Date.now() + 60_000, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      expect(await sut.of(TENANT)).toEqual(CONFIG);
      expect(notifications.lookUps()).toBe(2);
      await expect(sut.of({ ...TENANT, envId: 'env-2' })).rejects.toThrow('No service');
    } finally {
      jest.useRealTimers();
    }
  });

  it('forgets a configuration it disabled', async () => {
    await sut.of(TENANT);
    await sut.disable(TENANT, 'webhook-1', 'https://receiver.test/hook answered 410 Gone');
    notifications.reply = {};

    expect(await sut.of(TENANT)).toBeUndefined();
    expect(notifications.requests[1]).toEqual({
      subject: Requests.disableEventsWebhook.subject,
      payload: { ...TENANT, webhookId: 'webhook-1', reason: expect.stringContaining('410') },
    });
  });
});
