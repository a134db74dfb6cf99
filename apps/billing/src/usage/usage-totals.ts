import { Channel, CHANNEL_LOG_NAMES, UsageTotalsDto } from '@clarion/contracts';

type CostKind = 'costSms' | 'costCall' | 'costNumber';

/** What one item (a channel's messages, or a kind of charge) of a billing cycle came to. */
export interface ItemUsage {
  item: string;
  count: number;
  cost: number;
}

/** Channels whose messages the hosted service counts as messageUsage (SMS and calls cost budget). */
const MESSAGE_CHANNELS = new Set<Channel>([
  Channel.EMAIL,
  Channel.INAPP_WEB,
  Channel.WEB_PUSH,
  Channel.PUSH,
  Channel.SLACK,
]);

/** The channel of a metered item, by its log name; VOICE shares `call` with CALL and reads CALL. */
const CHANNEL_OF_ITEM = new Map<string, Channel>(
  Object.entries(CHANNEL_LOG_NAMES)
    .filter(([channel]) => channel !== Channel.VOICE)
    .map(([channel, item]) => [item, channel as Channel]),
);

/** Items that cost budget in the hosted service's model: SMS, calls and numbers. */
const COST_KIND_OF_ITEM = new Map<string, CostKind>([
  ['sms', 'costSms'],
  ['call', 'costCall'],
  ['voice_call', 'costCall'],
  ['phone_number', 'costNumber'],
]);

const usd = (amount: number) => Math.round(amount * 1e6) / 1e6;

/**
 * A cycle's usage in the hosted service's terms: messages by channel, and spend. budgetUsage is
 * all the spend of the cycle, what Clarion holds against the cost cap (messages cost too).
 */
export function usageTotalsOf(items: ItemUsage[]): UsageTotalsDto {
  const totals = { messageUsage: 0, budgetUsage: 0, costSms: 0, costCall: 0, costNumber: 0 };
  const channelUsages: Record<string, number> = {};
  for (const { item, count, cost } of items) {
    totals.budgetUsage += cost;
    const costKind = COST_KIND_OF_ITEM.get(item);
    if (costKind) totals[costKind] += cost;
    const channel = CHANNEL_OF_ITEM.get(item);
    if (!channel) continue;
    channelUsages[channel] = (channelUsages[channel] ?? 0) + count;
    if (MESSAGE_CHANNELS.has(channel)) totals.messageUsage += count;
  }
  return {
    messageUsage: totals.messageUsage,
    budgetUsage: usd(totals.budgetUsage),
    costSms: usd(totals.costSms),
    costCall: usd(totals.costCall),
    costNumber: usd(totals.costNumber),
    channelUsages,
  };
}
