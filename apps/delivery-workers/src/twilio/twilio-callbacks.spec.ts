import { interpretTwilioCallback } from './twilio-callbacks';

const SMS_SID = 'SM0123456789abcdef0123456789abcdef';
const CALL_SID = 'CA0123456789abcdef0123456789abcdef';
const receivedAt = new Date('2026-03-01T12:00:00.000Z');

describe(interpretTwilioCallback.name, () => {
  describe('sms-status', () => {
    const smsStatus = (params: Record<string, string>) =>
      interpretTwilioCallback('sms-status', { AccountSid: 'AC1', ...params }, receivedAt);

    it('reads a delivered message, at the time the callback arrived', () => {
      expect(smsStatus({ MessageSid: SMS_SID, MessageStatus: 'delivered' })).toEqual({
        type: 'sms-delivered',
        sid: SMS_SID,
        at: '2026-03-01T12:00:00.000Z',
      });
    });

    it.each(['undelivered', 'failed'])(
      'reads a %s message under its recorded error code',
      (status) => {
        expect(
          smsStatus({ MessageSid: SMS_SID, MessageStatus: status, ErrorCode: '30006' }),
        ).toEqual({
          type: 'sms-failed',
          sid: SMS_SID,
          code: '30006',
          reason: `Twilio reported the message ${status} (Twilio error 30006)`,
        });
      },
    );

    it('records an error code the logs do not know, or none, as Unknown', () => {
      const unrecorded = smsStatus({
        MessageSid: SMS_SID,
        MessageStatus: 'undelivered',
        ErrorCode: '30003',
      });
      const none = smsStatus({ MessageSid: SMS_SID, MessageStatus: 'failed' });
      const garbled = smsStatus({ MessageSid: SMS_SID, MessageStatus: 'failed', ErrorCode: '<b>' });

      expect(unrecorded).toMatchObject({
        type: 'sms-failed',
        code: 'Unknown',
        reason: expect.stringContaining('30003'),
      });
      expect(none).toEqual({
        type: 'sms-failed',
        sid: SMS_SID,
        code: 'Unknown',
        reason: 'Twilio reported the message failed',
      });
      expect(garbled).toMatchObject({
        type: 'sms-failed',
        code: 'Unknown',
        reason: 'Twilio reported the message failed',
      });
    });

    it.each(['queued', 'accepted', 'sending', 'sent'])('reads %s as progress', (status) => {
      expect(smsStatus({ MessageSid: SMS_SID, MessageStatus: status })).toEqual({
        type: 'sms-progress',
        sid: SMS_SID,
        status,
      });
    });

    it('reads the legacy SmsSid and SmsStatus', () => {
      expect(smsStatus({ SmsSid: SMS_SID, SmsStatus: 'delivered' })).toMatchObject({
        type: 'sms-delivered',
        sid: SMS_SID,
      });
    });

    it.each([
      ['no sid', { MessageStatus: 'delivered' }],
      ['a garbled sid', { MessageSid: 'SM 1; DROP', MessageStatus: 'delivered' }],
      ['no status', { MessageSid: SMS_SID }],
      ['an unknown status', { MessageSid: SMS_SID, MessageStatus: 'teleported' }],
      ['a garbled status', { MessageSid: SMS_SID, MessageStatus: 'DELIVERED!!' }],
    ])('ignores a callback with %s', (_label, params: Record<string, string>) => {
      expect(smsStatus(params)).toMatchObject({ type: 'ignored', reason: expect.any(String) });
    });
  });

  describe('call-status', () => {
    const callStatus = (params: Record<string, string>) =>
      interpretTwilioCallback('call-status', params, receivedAt);

    it('reads a completed call with its duration', () => {
      expect(
        callStatus({ CallSid: CALL_SID, CallStatus: 'completed', CallDuration: '42' }),
      ).toEqual({
        type: 'call-completed',
        sid: CALL_SID,
        code: 'COMPLETED',
        durationSeconds: 42,
      });
    });

    it.each([
      ['busy', 'BUSY'],
      ['no-answer', 'NO_ANSWER'],
      ['voicemail-ish', 'UNKNOWN'],
      ['constructor', 'UNKNOWN'],
    ])('reads a call that ended %s as %s', (status, code) => {
      expect(callStatus({ CallSid: CALL_SID, CallStatus: status, CallDuration: 'x' })).toEqual({
        type: 'call-completed',
        sid: CALL_SID,
        code,
      });
    });

    it.each(['failed', 'canceled'])('reads a %s call as failed', (status) => {
      expect(
        callStatus({
          CallSid: CALL_SID,
          CallStatus: status,
          ErrorCode: '13224',
          ErrorMessage: 'Invalid number',
        }),
      ).toEqual({
        type: 'call-failed',
        sid: CALL_SID,
        code: '13224',
        reason: `Twilio reported the call ${status}: Invalid number (Twilio error 13224)`,
      });
      expect(callStatus({ CallSid: CALL_SID, CallStatus: status })).toMatchObject({
        type: 'call-failed',
        code: 'Unknown',
      });
    });

    it.each([
      ['a call still ringing', { CallSid: CALL_SID, CallStatus: 'ringing' }],
      ['no sid', { CallStatus: 'completed' }],
      ['no status', { CallSid: CALL_SID }],
      ['a garbled status', { CallSid: CALL_SID, CallStatus: '' }],
    ])('ignores %s', (_label, params: Record<string, string>) => {
      expect(callStatus(params)).toMatchObject({ type: 'ignored' });
    });
  });

  it('reads an inbound text (see twilio-inbound-sms.spec.ts for the details)', () => {
    const params = { MessageSid: SMS_SID, From: '+15558675310', To: '+15005550006', Body: 'Stop' };
    expect(interpretTwilioCallback('sms-inbound', params)).toEqual({
      type: 'sms-inbound',
      sid: SMS_SID,
      from: '+15558675310',
      to: '+15005550006',
      body: 'Stop',
      mediaUrls: [],
      keyword: 'STOP',
    });
  });

  it('ignores parameters a form parser turned into arrays, never throwing', () => {
    const repeated = [SMS_SID, SMS_SID] as unknown as string;
    expect(
      interpretTwilioCallback('sms-inbound', { MessageSid: SMS_SID, From: repeated, To: repeated }),
    ).toMatchObject({
      type: 'ignored',
    });
  });

  it('ignores a callback route it does not know, never throwing', () => {
    const kind = 'email-status' as unknown as Parameters<typeof interpretTwilioCallback>[0];
    expect(interpretTwilioCallback(kind, {})).toMatchObject({ type: 'ignored' });
  });
});
