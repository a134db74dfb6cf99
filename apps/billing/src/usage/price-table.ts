import { ChannelLogName } from '@clarion/contracts';

export type PriceTable = Record<ChannelLogName, number>;

/**
 * What one delivered message costs, in USD, per channel. Operators set their own prices with
 * PRICE_TABLE (JSON, e.g. {"sms":0.01}); channels they leave out keep these defaults.
 */
export const DEFAULT_PRICES: PriceTable = {
  email: 0.001,
  inapp: 0.0002,
  sms: 0.0079,
  call: 0.022,
  mobile_push: 0.0002,
  web_push: 0.0002,
  slack: 0.0005,
};

export function priceTableFrom(json: string | undefined): PriceTable {
  if (!json) return DEFAULT_PRICES;
  const overrides: unknown = JSON.parse(json);
  if (typeof overrides !== 'object' || overrides === null)
    throw new Error('PRICE_TABLE must be a JSON object');
  const table = { ...DEFAULT_PRICES };
  for (const [channel, price] of Object.entries(overrides)) {
    if (!(channel in DEFAULT_PRICES) || typeof price !== 'number' || price < 0) {
      throw new Error(`PRICE_TABLE: ${channel} must be a known channel with a price of at least 0`);
    }
    table[channel as ChannelLogName] = price;
  }
  return table;
}
