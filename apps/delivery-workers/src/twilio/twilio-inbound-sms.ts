import { ignored, IgnoredCallback, isReadableSid } from './callback-params';
import { SmsKeyword, smsKeywordOf } from './sms-keywords';

/** A text a user sent to one of the account's numbers. */
export interface SmsInbound {
  type: 'sms-inbound';
  sid: string;
  /** The user's number. */
  from: string;
  /** The account's number the user texted. */
  to: string;
  body: string;
  mediaUrls: string[];
  /** Set when the whole text is an opt-out, opt-in or help keyword. */
  keyword?: SmsKeyword;
}

/** Twilio sends at most ten media per message. */
const MAX_MEDIA = 10;

/** Reads Twilio's inbound-message webhook (`MessageSid`, `From`, `To`, `Body`, `MediaUrlN`). */
export function interpretInboundSms(params: Record<string, string>): SmsInbound | IgnoredCallback {
  const sid = params['MessageSid'] ?? params['SmsSid'];
  const from = params['From']?.trim();
  const to = params['To']?.trim();
  if (!isReadableSid(sid)) return ignored('no readable MessageSid');
  if (!from || !to) return ignored('an inbound message needs From and To');

  const numMedia = (params['NumMedia'] ?? '0').trim();
  if (!/^\d{1,2}$/.test(numMedia) || Number(numMedia) > MAX_MEDIA) {
    return ignored(`unreadable NumMedia ${numMedia.slice(0, 20)}`);
  }
  const mediaUrls = Array.from({ length: Number(numMedia) }, (_, index) =>
    params[`MediaUrl${index}`]?.trim(),
  ).filter((url): url is string => !!url);

  const body = params['Body'] ?? '';
  const keyword = smsKeywordOf(body);
  return {
    type: 'sms-inbound',
    sid,
    from,
    to,
    body,
    mediaUrls,
    ...(keyword !== undefined && { keyword }),
  };
}
