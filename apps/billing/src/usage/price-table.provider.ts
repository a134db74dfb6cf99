import { Provider } from '@nestjs/common';
import { priceTableFrom } from './price-table';

export type { PriceTable } from './price-table';

export const PRICE_TABLE = Symbol('PRICE_TABLE');

export function priceTableProvider(json: string | undefined): Provider {
  return { provide: PRICE_TABLE, useValue: priceTableFrom(json) };
}
