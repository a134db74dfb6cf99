import { ignored, IgnoredCallback, isReadableSid } from './callback-params';
import { TwilioCallbackKind } from './twilio-config';
import { failedCodeOf } from './twilio-failure-codes';
import { interpretInboundSms, SmsInbound } from './twilio-inbound-sms';

export type CallDeliveredCode = 'COMPLETED' | 'BUSY' | 'NO_ANSWER' | 'UNKNOWN';

/** What a Twilio callback tells Clarion. */
export type TwilioCallback =
  | { type: 'sms-delivered'; sid: string; at: string }
  | { type: 'sms-failed'; sid: string; code: string; reason: string }
  /** Queued, sent, ...: nothing to record. */
  | { type: 'sms-progress'; sid: string; status: string }
  | { type: 'call-completed'; sid: string; code: CallDeliveredCode; durationSeconds?: number }
  | { type: 'call-failed'; sid: string; code: string; reason: string }
  | SmsInbound
  | IgnoredCallback;

const SMS_PROGRESS = new Set([
  'accepted',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'receiving',
  'received',
  'read',
  'partially_delivered',
]);
const CALL_IN_PROGRESS = new Set(['queued', 'initiated', 'ringing', 'in-progress']);
const CALL_ENDED: ReadonlyMap<string, CallDeliveredCode> = new Map([
  ['completed', 'COMPLETED'],
  ['busy', 'BUSY'],
  ['no-answer', 'NO_ANSWER'],
]);
const STATUS = /^[a-z][a-z_-]{0,31}$/;

/**
 * Reads the form parameters Twilio posted to one of the gateway's Twilio routes.
 * Never throws: what cannot be read is `ignored`, with the reason.
 */
export function interpretTwilioCallback(
  kind: TwilioCallbackKind,
  params: Record<string, string>,
  receivedAt: Date = new Date(),
): TwilioCallback {
  try {
    switch (kind) {
      case 'sms-status':
        return interpretSmsStatus(params, receivedAt);
      case 'call-status':
        return interpretCallStatus(params);
      case 'sms-inbound':
        return interpretInboundSms(params);
    }
    return ignored(`no Twilio callback is called ${String(kind)}`);
  } catch {
    // Params arrive from an HTTP form parser: a repeated name may be an array at run time.
    return ignored('unreadable callback parameters');
  }
}

function interpretSmsStatus(params: Record<string, string>, receivedAt: Date): TwilioCallback {
  const sid = params['MessageSid'] ?? params['SmsSid'];
  const status = params['MessageStatus'] ?? params['SmsStatus'];
  if (!isReadableSid(sid)) return ignored('no readable MessageSid');
  if (status === undefined || !STATUS.test(status)) return ignored('no readable MessageStatus');

  if (status === 'delivered') return { type: 'sms-delivered', sid, at: receivedAt.toISOString() };
  if (status === 'undelivered' || status === 'failed' || status === 'canceled') {
    const errorCode = twilioErrorCode(params);
    return {
      type: 'sms-failed',
      sid,
      code: failedCodeOf(errorCode),
      reason: `Twilio reported the message ${status}${twilioErrorDetail(errorCode)}`,
    };
  }
  if (SMS_PROGRESS.has(status)) return { type: 'sms-progress', sid, status };
  return ignored(`unknown MessageStatus ${status}`);
}

function interpretCallStatus(params: Record<string, string>): TwilioCallback {
  const sid = params['CallSid'];
  const status = params['CallStatus'];
  if (!isReadableSid(sid)) return ignored('no readable CallSid');
  if (status === undefined || !STATUS.test(status)) return ignored('no readable CallStatus');

  if (status === 'failed' || status === 'canceled') {
    const errorCode = twilioErrorCode(params);
    const message = params['ErrorMessage']?.trim().slice(0, 300);
    const said = message ? `: ${message}` : '';
    return {
      type: 'call-failed',
      sid,
      code: failedCodeOf(errorCode),
      reason: `Twilio reported the call ${status}${said}${twilioErrorDetail(errorCode)}`,
    };
  }
  if (CALL_IN_PROGRESS.has(status)) return ignored(`the call is still ${status}`);
  const durationSeconds = wholeNumber(params['CallDuration']);
  // Only the `completed` event is asked for, so any other status word is an end Twilio added.
  const code = CALL_ENDED.get(status) ?? 'UNKNOWN';
  return durationSeconds === undefined
    ? { type: 'call-completed', sid, code }
    : { type: 'call-completed', sid, code, durationSeconds };
}

function twilioErrorCode(params: Record<string, string>): string | undefined {
  const code = params['ErrorCode']?.trim();
  return code !== undefined && /^\d{1,6}$/.test(code) ? code : undefined;
}

function twilioErrorDetail(errorCode: string | undefined): string {
  return errorCode ? ` (Twilio error ${errorCode})` : '';
}

function wholeNumber(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}
