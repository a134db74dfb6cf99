/** How a channel of a notification type reaches a user (spec 2.11 defaultDeliveryOption). */
export enum DeliveryOption {
  OFF = 'off',
  INSTANT = 'instant',
  HOURLY = 'hourly',
  DAILY = 'daily',
  WEEKLY = 'weekly',
  MONTHLY = 'monthly',
}

/** The options that gather notifications into a digest instead of sending each at once. */
export const DIGEST_OPTIONS: readonly DeliveryOption[] = [
  DeliveryOption.HOURLY,
  DeliveryOption.DAILY,
  DeliveryOption.WEEKLY,
  DeliveryOption.MONTHLY,
];

/**
 * The deliveries a template can be the default for (the hosted service's `modes` and
 * `isDefaultFor`): instant sends, and each kind of digest.
 */
export const TEMPLATE_MODES: readonly DeliveryOption[] = [
  DeliveryOption.INSTANT,
  ...DIGEST_OPTIONS,
];
