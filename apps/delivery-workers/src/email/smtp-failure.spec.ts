import { bounceCodeOf, outcomeOfSmtpError } from './smtp-failure';

function smtpError(responseCode: number | undefined, response: string, command = 'RCPT TO') {
  return Object.assign(new Error(`failed: ${response}`), {
    code: 'EENVELOPE',
    responseCode,
    response,
    command,
  });
}

describe(outcomeOfSmtpError.name, () => {
  it('fails a permanent rejection with its code and the server text', () => {
    expect(outcomeOfSmtpError(smtpError(550, '550 5.1.1 <x@y>: no such user'))).toEqual({
      status: 'failed',
      code: 'PERMANENT_NO_EMAIL_BOUNCE',
      reason: '550 5.1.1 <x@y>: no such user',
    });
  });

  it('retries transient rejections, 503, lost connections and relay authentication', () => {
    const retried = [
      smtpError(451, '451 4.7.1 greylisted'),
      smtpError(421, '421 too busy'),
      smtpError(503, '503 bad sequence'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ESOCKET' }),
      Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }),
      Object.assign(smtpError(535, '535 bad credentials', 'AUTH PLAIN'), { code: 'EAUTH' }),
      'not even an error',
    ];
    for (const error of retried) expect(outcomeOfSmtpError(error).status).toBe('retry');
    expect(outcomeOfSmtpError(smtpError(451, '451 4.7.1 greylisted'))).toEqual({
      status: 'retry',
      reason: '451 4.7.1 greylisted',
    });
  });

  it('fails a message larger than the SIZE the server announced', () => {
    const error = Object.assign(new Error('Message size larger than allowed 1000'), {
      code: 'EMESSAGE',
      command: 'MAIL FROM',
    });
    expect(outcomeOfSmtpError(error)).toMatchObject({
      status: 'failed',
      code: 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE',
    });
  });

  it('fails an address nodemailer refuses to put on the wire', () => {
    const recipient = Object.assign(new Error('Invalid recipient "a\\nb"'), {
      code: 'EENVELOPE',
      command: 'API',
    });
    expect(outcomeOfSmtpError(recipient)).toEqual({
      status: 'failed',
      code: 'PERMANENT_NO_EMAIL_BOUNCE',
      reason: 'Invalid recipient "a\\nb"',
    });
    const sender = Object.assign(new Error('Invalid sender "<x>"'), { code: 'EENVELOPE' });
    expect(outcomeOfSmtpError(sender)).toMatchObject({ code: 'UNVERIFIED_SENDER' });
  });
});

describe(bounceCodeOf.name, () => {
  it.each([
    [550, '550 mailbox unavailable', 'RCPT TO', 'PERMANENT_NO_EMAIL_BOUNCE'],
    [551, '551 user not local', 'RCPT TO', 'PERMANENT_NO_EMAIL_BOUNCE'],
    [501, '501 bad address syntax', 'RCPT TO', 'PERMANENT_NO_EMAIL_BOUNCE'],
    [553, '553 mailbox name not allowed', 'RCPT TO', 'PERMANENT_NO_EMAIL_BOUNCE'],
    [550, '550 5.1.2 bad domain', 'DATA', 'PERMANENT_NO_EMAIL_BOUNCE'],
    [550, '550 rejected', 'DATA', 'PERMANENT_GENERAL_BOUNCE'],
    [552, '552 5.2.2 mailbox full', 'RCPT TO', 'TRANSIENT_MAILBOX_FULL_BOUNCE'],
    [552, '552 too big', 'DATA', 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE'],
    [550, '550 5.3.4 message too big', 'DATA', 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE'],
    [554, '554 transaction failed', 'DATA', 'TRANSIENT_CONTENT_REJECTED_BOUNCE'],
    [550, '550 5.7.1 spam detected', 'DATA', 'TRANSIENT_CONTENT_REJECTED_BOUNCE'],
    [550, '550 5.7.1 sender not allowed', 'MAIL FROM', 'UNVERIFIED_SENDER'],
    [552, '552 5.3.4 too big', 'MAIL FROM', 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE'],
    [500, '500 syntax error', 'DATA', 'PERMANENT_GENERAL_BOUNCE'],
  ])('maps %i "%s" at %s to %s', (responseCode, response, command, code) => {
    expect(bounceCodeOf(responseCode, response, command)).toBe(code);
  });
});
