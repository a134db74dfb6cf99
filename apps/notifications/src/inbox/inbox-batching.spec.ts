import { Channel, DeliveryOption, NotificationOptionsDto } from '@clarion/contracts';
import { DEFAULT_BATCHING_WINDOW_MS, inboxBatchingOf } from './inbox-batching';

describe(inboxBatchingOf.name, () => {
  const batchingBy = (batchingKey?: string, batchingWindow?: number): NotificationOptionsDto => ({
    [Channel.INAPP_WEB]: {
      defaultDeliveryOption: DeliveryOption.INSTANT,
      instant: { enabled: true, batching: true, batchingKey, batchingWindow },
    },
  });

  it('does not batch a type without batching, or a send that is not instant', () => {
    expect(inboxBatchingOf(null, DeliveryOption.INSTANT, {})).toBeUndefined();
    expect(
      inboxBatchingOf(
        { [Channel.INAPP_WEB]: { defaultDeliveryOption: DeliveryOption.INSTANT } },
        DeliveryOption.INSTANT,
        {},
      ),
    ).toBeUndefined();
    expect(inboxBatchingOf(batchingBy(), DeliveryOption.OFF, {})).toBeUndefined();
  });

  it('groups by the value of the batching key parameter, as JSON', () => {
    const options = batchingBy('postId', 5_000);
    expect(inboxBatchingOf(options, DeliveryOption.INSTANT, { postId: 7 })).toEqual({
      key: '7',
      windowMs: 5_000,
    });
    expect(inboxBatchingOf(options, DeliveryOption.INSTANT, { postId: '7' })?.key).toBe('"7"');
  });

  it('puts every send of the type in one batch without a key or its parameter', () => {
    expect(inboxBatchingOf(batchingBy(), DeliveryOption.INSTANT, { postId: 7 })).toEqual({
      key: '',
      windowMs: DEFAULT_BATCHING_WINDOW_MS,
    });
    expect(inboxBatchingOf(batchingBy('postId'), DeliveryOption.INSTANT, {})?.key).toBe('');
  });
});
