import { isValidTwilioSignature, twilioSignature } from './twilio-signature';

// The worked example of Twilio's webhook-security documentation (and of its SDKs' tests).
const AUTH_TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS: Record<string, string> = {
  Digits: '1234',
  To: '+18005551212',
  From: '+14158675309',
  Caller: '+14158675309',
  CallSid: 'CA1234567890ABCDE',
};
const DOCUMENTED_SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe(twilioSignature.name, () => {
  it("reproduces the signature of Twilio's documented example", () => {
    expect(twilioSignature(AUTH_TOKEN, URL, PARAMS)).toBe(DOCUMENTED_SIGNATURE);
  });

  it('signs UTF-8 values like openssl dgst -sha1 -hmac does', () => {
    // printf '%s' 'https://gw.example.com/webhooks/twilio/sms-statusAccountSidAC123Bodyhé & <x>
    //   MessageSidSM1MessageStatusdelivered' | openssl dgst -sha1 -hmac tok -binary | base64
    const params = {
      MessageStatus: 'delivered',
      Body: 'hé & <x>',
      MessageSid: 'SM1',
      AccountSid: 'AC123',
    };
    expect(
      twilioSignature('tok', 'https://gw.example.com/webhooks/twilio/sms-status', params),
    ).toBe('SvvNhz5/vA4KwojDEMMF7KFW4Gs=');
  });

  it('signs a request without parameters over the URL alone', () => {
    // printf '%s' "$URL" | openssl dgst -sha1 -hmac 12345 -binary | base64
    expect(twilioSignature(AUTH_TOKEN, URL, {})).toBe('zYQTYrRWXE7LtzbG4PfP7/bkkGo=');
  });
});

describe(isValidTwilioSignature.name, () => {
  it("accepts Twilio's documented signature", () => {
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, PARAMS, DOCUMENTED_SIGNATURE)).toBe(true);
  });

  it('rejects a signature when a parameter, the URL or the token differs', () => {
    const tampered = { ...PARAMS, Digits: '9999' };
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, tampered, DOCUMENTED_SIGNATURE)).toBe(false);
    expect(isValidTwilioSignature(AUTH_TOKEN, `${URL}&x=1`, PARAMS, DOCUMENTED_SIGNATURE)).toBe(
      false,
    );
    expect(isValidTwilioSignature('54321', URL, PARAMS, DOCUMENTED_SIGNATURE)).toBe(false);
    expect(
      isValidTwilioSignature(AUTH_TOKEN, URL, { ...PARAMS, Extra: '' }, DOCUMENTED_SIGNATURE),
    ).toBe(false);
  });

  it('accepts a signature of the URL with the default port the request URL left out', () => {
    // The documented example signed over https://mycompany.com:443/myapp.php?foo=1&bar=2,
    // computed with openssl dgst -sha1 -hmac 12345.
    const signedWithPort = 'kvajT1Ptam85bY51eRf/AJRuM3w=';
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, PARAMS, signedWithPort)).toBe(true);
  });

  it('accepts a signature of the URL without the port the request URL carries', () => {
    const urlWithPort = 'https://mycompany.com:443/myapp.php?foo=1&bar=2';
    expect(isValidTwilioSignature(AUTH_TOKEN, urlWithPort, PARAMS, DOCUMENTED_SIGNATURE)).toBe(
      true,
    );
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['a repeated header', [DOCUMENTED_SIGNATURE, DOCUMENTED_SIGNATURE]],
    ['a truncated signature', DOCUMENTED_SIGNATURE.slice(0, 10)],
    ['non-base64 garbage', 'invalid 王 \u0000'],
    ['an overlong value', DOCUMENTED_SIGNATURE.repeat(100)],
  ])('rejects %s without throwing', (_label, header) => {
    expect(isValidTwilioSignature(AUTH_TOKEN, URL, PARAMS, header)).toBe(false);
  });

  it('rejects everything when no auth token is configured', () => {
    const unsigned = twilioSignature('', URL, PARAMS);
    expect(isValidTwilioSignature('', URL, PARAMS, unsigned)).toBe(false);
  });

  it('rejects without throwing when the URL is not a URL', () => {
    expect(isValidTwilioSignature(AUTH_TOKEN, 'not a url', PARAMS, DOCUMENTED_SIGNATURE)).toBe(
      false,
    );
  });
});
