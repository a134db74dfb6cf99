import { Channel, DeliveryOption, NotificationOptionsDto } from '@clarion/contracts';

/** How long a batch stays open when the type turns batching on without a window. */
export const DEFAULT_BATCHING_WINDOW_MS = 60_000;

/** How many of its latest sends a batched entry shows. */
export const BATCH_ITEMS_SHOWN = 10;

/** Which open batch an in-app send joins, and how long a batch it opens stays open. */
export interface InboxBatching {
  /**
   * The value of the type's batchingKey parameter in the send, as JSON ('' when the type names
   * no key or the send lacks the parameter: such sends share one batch per user and type).
   */
  key: string;
  windowMs: number;
}

/**
 * The batching of an instant in-app send (INAPP_WEB `instant.batching`), or undefined when its
 * type does not batch: then the send is an entry of its own, as always.
 */
export function inboxBatchingOf(
  options: NotificationOptionsDto | null | undefined,
  delivery: DeliveryOption,
  parameters: Record<string, unknown> | undefined,
): InboxBatching | undefined {
  const instant = options?.[Channel.INAPP_WEB]?.instant;
  if (delivery !== DeliveryOption.INSTANT || instant?.batching !== true) return undefined;
  const value = instant.batchingKey === undefined ? undefined : parameters?.[instant.batchingKey];
  return {
    key: value === undefined ? '' : JSON.stringify(value),
    windowMs: instant.batchingWindow ?? DEFAULT_BATCHING_WINDOW_MS,
  };
}
