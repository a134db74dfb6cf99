import { CallSource } from '@clarion/contracts';
import { MinutePrices } from './minute-prices';

/** What an ended call cost, as its record shows it (`cost` of GET /voice/calls/{trackingId}). */
export interface CallCost {
  /** USD, to 6 decimals. */
  amount: number;
  currency: 'USD';
  billableMinutes: number;
}

/** What pricing needs of an ended call. */
export interface CostedCall {
  source: CallSource;
  startedAt: Date;
  endedAt: Date;
  /** The types of its timeline entries (`call.answered`, `media.connected`, `agent` …). */
  timelineTypes: readonly string[];
  /** spec.conversation.maxCallLengthSeconds of the call; null when the spec has none. */
  maxCallLengthSeconds: number | null;
}

const MINUTE_MS = 60_000;
const MICRO = 1_000_000;

/**
 * Whether anyone was on the call. A phone call is answered at the carrier (`call.answered`)
 * or, for an inbound call Twilio hands straight to the stream, when its media connects; a
 * browser call never has a carrier's answer, only `media.connected` (the sandbox writes
 * `call.answered` for it instead, meaning the same). A call with neither rang out, failed or
 * was turned away: nobody talked, nothing is owed.
 */
export function wasConnected(timelineTypes: readonly string[]): boolean {
  return timelineTypes.includes('call.answered') || timelineTypes.includes('media.connected');
}

/**
 * A connected call costs every started minute from its start (ringing included, as carriers
 * count) to its end, at the price of its source. No call runs past its maxCallLengthSeconds —
 * the media session cuts it there — so a longer span (a call ended late by the purge as expired,
 * a cut recorded a few milliseconds after the limit) is billed as the limit.
 */
export function costOfCall(call: CostedCall, prices: MinutePrices): CallCost {
  const billableMinutes = wasConnected(call.timelineTypes) ? minutesOf(call) : 0;
  const amount = Math.round(billableMinutes * prices.of(call.source) * MICRO) / MICRO;
  return { amount, currency: 'USD', billableMinutes };
}

function minutesOf(call: CostedCall): number {
  const spanMs = Math.max(0, call.endedAt.getTime() - call.startedAt.getTime());
  const billedMs =
    call.maxCallLengthSeconds === null
      ? spanMs
      : Math.min(spanMs, call.maxCallLengthSeconds * 1_000);
  return Math.ceil(billedMs / MINUTE_MS);
}
