import { hash } from 'node:crypto';
import { ChannelLogName } from '@clarion/contracts';

/** One message of one send to one address (an email address, a number, a push token …). */
export interface AttemptKey {
  trackingId: string;
  channel: ChannelLogName;
  address: string;
  accountId: string;
  envId: string;
}

/**
 * What the attempt record said when this worker asked to deliver:
 * - `claimed`: this worker may call the provider (`interrupted` when an earlier worker stopped
 *   during its provider call, so the provider may already have the message);
 * - `sent` / `failed`: settled earlier, never call the provider again;
 * - `busy`: another worker is calling the provider right now.
 */
export type AttemptClaim =
  | { result: 'claimed'; attempts: number; firstAttemptAt: Date; interrupted: boolean }
  | { result: 'sent'; providerMessageId?: string }
  | { result: 'failed'; failedCode?: string }
  | { result: 'busy' };

/** How an attempt ended, as stored. */
export interface AttemptSettlement {
  key: AttemptKey;
  state: 'sent' | 'failed' | 'retrying';
  providerMessageId?: string;
  failedCode?: string;
  error?: string;
  /** Facts later callbacks need (the user, the auto-reply of an SMS …), merged into the record. */
  details?: Record<string, unknown>;
}

/** What a sent attempt keeps for the callbacks that come later. */
export interface AttemptDetails {
  userId?: string;
  notificationId?: string;
  receivedAt?: string;
  /** SMS: the number it was sent from, and the auto-reply of the send. */
  from?: string;
  autoReply?: string;
  [key: string]: unknown;
}

/** An attempt as callbacks find it. */
export interface StoredAttempt {
  trackingId: string;
  accountId: string;
  envId: string;
  channel: string;
  address: string;
  details: AttemptDetails;
}

/** Addresses can be long (web push endpoints); rows are keyed by their hash. */
export function addressKeyOf(address: string): string {
  return hash('sha256', address, 'hex');
}

/** Stable per message and address: what providers that offer idempotency are given. */
export function idempotencyKeyOf(key: AttemptKey): string {
  return `${key.trackingId}:${key.channel}:${addressKeyOf(key.address).slice(0, 16)}`;
}
