import {
  Channel,
  DeliveryOption,
  DIGEST_OPTIONS,
  NormalizedSend,
  NotificationOptionsDto,
  Routing,
  RoutingReason,
} from '@clarion/contracts';
import { preferenceKey, PreferencesOfBatch } from '../preferences/preferences.repository';

/** forceChannels wins over the type's channels (spec 4.3). */
export function resolveChannels(send: NormalizedSend, typeChannels: Channel[]): Channel[] {
  const channels = send.forceChannels ?? typeChannels;
  return [...new Set(channels)];
}

export interface DeliveryDecision {
  delivery: DeliveryOption;
  /** Set when the channel is not used, with the reason for the log record. */
  ignored?: { routing: Routing.IGNORE; reason: RoutingReason };
}

export interface DeliveryInputs {
  channel: Channel;
  send: NormalizedSend;
  envId: string;
  typeOptions: NotificationOptionsDto | null;
  preferences: PreferencesOfBatch;
  disabledChannels: Channel[];
}

/**
 * How a channel of a send is delivered: the type's default delivery option (unless forceChannels
 * names the channel), overridden by the user's preference for the sub-notification or the type,
 * then switched off by the environment's disableSending.
 */
export function decideDelivery(inputs: DeliveryInputs): DeliveryDecision {
  const { channel, send, typeOptions } = inputs;
  const options = typeOptions?.[channel];
  const toggles = options as Partial<Record<DeliveryOption, { enabled?: boolean }>> | undefined;
  const preference = preferenceOf(inputs);
  const allowed = preference !== undefined && toggles?.[preference]?.enabled !== false;
  let delivery: DeliveryOption;
  if (allowed) delivery = preference;
  else if (send.forceChannels) delivery = DeliveryOption.INSTANT;
  else delivery = options?.defaultDeliveryOption ?? DeliveryOption.INSTANT;

  // The in-app inbox has no digests: its options are off and instant (spec 2.11).
  if (channel === Channel.INAPP_WEB && DIGEST_OPTIONS.includes(delivery)) {
    delivery = DeliveryOption.INSTANT;
  }
  if (delivery === DeliveryOption.OFF) {
    const reason = allowed
      ? RoutingReason.IGNORE_BY_PREFERENCES
      : RoutingReason.IGNORE_BY_DEFAULT_DELIVERY;
    return { delivery, ignored: { routing: Routing.IGNORE, reason } };
  }
  if (inputs.disabledChannels.includes(channel)) {
    return {
      delivery,
      ignored: { routing: Routing.IGNORE, reason: RoutingReason.IGNORE_BY_ENVIRONMENT },
    };
  }
  return { delivery };
}

function preferenceOf(inputs: DeliveryInputs): DeliveryOption | undefined {
  const { envId, send, channel, preferences } = inputs;
  const forSub =
    send.subNotificationId === undefined
      ? undefined
      : preferences.get(
          preferenceKey(envId, send.to.id, send.type, send.subNotificationId, channel),
        );
  return forSub ?? preferences.get(preferenceKey(envId, send.to.id, send.type, '', channel));
}
