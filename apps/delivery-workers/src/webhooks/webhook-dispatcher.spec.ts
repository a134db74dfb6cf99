import { ROOT_CONTEXT } from '@opentelemetry/api';
import { DeliveryEvent, DeliveryStatus, EventsWebhookResponseDto } from '@clarion/contracts';
import { JobItem } from '@clarion/messaging';
import { EventsWebhookDisabling } from './events-webhooks.repository';
import { EventsWebhooksService } from './events-webhooks.service';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookOutcome } from './webhook-outcome';
import { WebhookPayload } from './webhook-payload';
import { WebhookAttempt, WebhookResults } from './webhook-results';
import { WebhookSender } from './webhook-sender';
import { WebhookSettings } from './webhook-settings';

const CONFIG: EventsWebhookResponseDto = {
  webhookId: 'webhook-1',
  webhook: 'https://receiver.test/hook',
  events: ['SMS_FAILED'],
  secret: 'whsec_c2VjcmV0',
};

class FakeWebhooks {
  config?: EventsWebhookResponseDto = CONFIG;
  lookupError?: Error;
  readonly disabled: EventsWebhookDisabling[] = [];

  configOf(): Promise<EventsWebhookResponseDto | undefined> {
    return this.lookupError ? Promise.reject(this.lookupError) : Promise.resolve(this.config);
  }

  disable(disabling: EventsWebhookDisabling): Promise<void> {
    this.disabled.push(disabling);
    return Promise.resolve();
  }
}

class FakeSender {
  outcome: WebhookOutcome = { kind: 'delivered', status: 200 };
  readonly sent: { messageId: string; payload: WebhookPayload }[] = [];

  send(_config: unknown, messageId: string, payload: WebhookPayload): Promise<WebhookOutcome> {
    this.sent.push({ messageId, payload });
    return Promise.resolve(this.outcome);
  }
}

class FakeResults {
  readonly published: WebhookAttempt[] = [];

  publish(_event: unknown, attempt: WebhookAttempt): Promise<void> {
    this.published.push(attempt);
    return Promise.resolve();
  }
}

interface RecordedItem extends JobItem<DeliveryEvent> {
  retried?: { reason: unknown; delayMs?: number };
  deadLettered?: string;
}

function itemOf(
  kind: `delivery.sms.${DeliveryStatus}`,
  deliveryCount = 1,
  occurredAt = new Date().toISOString(),
): RecordedItem {
  const status = kind.slice('delivery.sms.'.length) as DeliveryStatus;
  const channel = 'sms';
  const item: RecordedItem = {
    payload: {
      id: `track-1:${kind}`,
      kind,
      trackingId: 'track-1',
      accountId: 'account-1',
      envId: 'env-1',
      occurredAt,
      data: { channel, status, at: occurredAt, failedCode: '30005' },
    },
    subject: `evt.${kind}`,
    deliveryCount,
    traceContext: ROOT_CONTEXT,
    retry: (reason, delayMs) => (item.retried = { reason, delayMs }),
    deadLetter: (reason) => (item.deadLettered = reason),
  };
  return item;
}

describe(WebhookDispatcher.name, () => {
  let webhooks: FakeWebhooks;
  let sender: FakeSender;
  let results: FakeResults;
  let sut: WebhookDispatcher;

  beforeEach(() => {
    webhooks = new FakeWebhooks();
    sender = new FakeSender();
    results = new FakeResults();
    const settings = new WebhookSettings({
      WEBHOOK_RETRY_SCHEDULE: '5s,5m',
      WEBHOOK_CONCURRENCY: 256,
    });
    sut = new WebhookDispatcher(
      webhooks as unknown as EventsWebhooksService,
      sender as unknown as WebhookSender,
      results as unknown as WebhookResults,
      settings,
    );
  });

  it('sends a subscribed step once, under the id of its event, and reports it', async () => {
    const item = itemOf('delivery.sms.failed');
    await sut.dispatch(item);

    expect(sender.sent).toEqual([
      {
        messageId: 'track-1:delivery.sms.failed',
        payload: expect.objectContaining({ eventType: 'SMS_FAILED' }),
      },
    ]);
    expect(results.published).toEqual([
      { attempt: 1, outcome: { kind: 'delivered', status: 200 } },
    ]);
    expect(item.retried).toBeUndefined();
  });

  it('ignores steps without an event type, unsubscribed ones, and environments without a webhook', async () => {
    await sut.dispatch(itemOf('delivery.sms.sent'));
    await sut.dispatch(itemOf('delivery.sms.delivered'));
    webhooks.config = undefined;
    await sut.dispatch(itemOf('delivery.sms.failed'));

    expect(sender.sent).toEqual([]);
    expect(results.published).toEqual([]);
  });

  it('retries a failure after the delay of its attempt', async () => {
    sender.outcome = { kind: 'failed', reason: '503' };
    const item = itemOf('delivery.sms.failed', 2);
    await sut.dispatch(item);

    expect(item.retried?.delayMs).toBeGreaterThanOrEqual(270_000);
    expect(item.retried?.delayMs).toBeLessThanOrEqual(330_000);
    expect(results.published[0]).toMatchObject({ attempt: 2, nextDelayMs: item.retried?.delayMs });
  });

  it('gives up after the last delay: acknowledged, not dead-lettered', async () => {
    sender.outcome = { kind: 'failed', reason: 'timeout' };
    const item = itemOf('delivery.sms.failed', 3);
    await sut.dispatch(item);

    expect(item.retried).toBeUndefined();
    expect(item.deadLettered).toBeUndefined();
    expect(results.published).toEqual([{ attempt: 3, outcome: sender.outcome }]);
  });

  it('gives up when the retry would come after the event has left the EVENTS stream', async () => {
    sender.outcome = { kind: 'failed', reason: '500' };
    const almostAWeekAgo = new Date(Date.now() - (7 * 24 - 1) * 3_600_000 + 1_000);
    const item = itemOf('delivery.sms.failed', 2, almostAWeekAgo.toISOString());
    await sut.dispatch(item);

    expect(item.retried).toBeUndefined();
    expect(results.published).toEqual([{ attempt: 2, outcome: sender.outcome }]);
  });

  it('disables the configuration on 410 Gone and stops', async () => {
    sender.outcome = { kind: 'gone', status: 410 };
    const item = itemOf('delivery.sms.failed');
    await sut.dispatch(item);

    expect(webhooks.disabled).toEqual([
      {
        accountId: 'account-1',
        envId: 'env-1',
        webhookId: 'webhook-1',
        webhook: 'https://receiver.test/hook',
        reason: 'https://receiver.test/hook answered 410 Gone',
      },
    ]);
    expect(item.retried).toBeUndefined();
  });

  it('retries the event when its configuration cannot be looked up', async () => {
    webhooks.lookupError = new Error('connection refused');
    const item = itemOf('delivery.sms.failed');
    await sut.dispatch(item);

    expect(item.retried?.reason).toContain('connection refused');
    expect(sender.sent).toEqual([]);
  });
});
