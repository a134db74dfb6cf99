import { complaintCodeOf, emailFailedCodeOfStatus, suppressionOfBounce } from './bounce-codes';

describe(emailFailedCodeOfStatus.name, () => {
  it.each([
    ['5.1.1', 'smtp; 550 5.1.1 User unknown', 'PERMANENT_NO_EMAIL_BOUNCE'],
    ['5.1.2', undefined, 'PERMANENT_NO_EMAIL_BOUNCE'],
    ['5.2.2', 'smtp; 552 5.2.2 Mailbox full', 'TRANSIENT_MAILBOX_FULL_BOUNCE'],
    ['5.3.4', undefined, 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE'],
    ['5.0.0', 'smtp; 552 message size exceeds limit', 'TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE'],
    ['5.7.1', 'smtp; 550 5.7.1 spam', 'TRANSIENT_CONTENT_REJECTED_BOUNCE'],
    ['5.0.0', 'smtp; 554 transaction failed', 'TRANSIENT_CONTENT_REJECTED_BOUNCE'],
    ['5.0.0', 'X-Postfix; host not found', 'PERMANENT_GENERAL_BOUNCE'],
    ['5.4.4', undefined, 'PERMANENT_GENERAL_BOUNCE'],
    ['4.2.2', 'smtp; 452 4.2.2 Mailbox full', 'TRANSIENT_GENERAL_BOUNCE'],
    ['4.4.1', undefined, 'TRANSIENT_GENERAL_BOUNCE'],
    ['2.0.0', undefined, 'UNDETERMINED_BOUNCE'],
    ['bogus', undefined, 'UNDETERMINED_BOUNCE'],
  ])('maps Status %s with diagnostic %s to %s', (status, diagnostic, code) => {
    expect(emailFailedCodeOfStatus(status, diagnostic)).toBe(code);
  });
});

describe(complaintCodeOf.name, () => {
  it('names every feedback type', () => {
    expect(
      (['abuse', 'fraud', 'virus', 'other', 'not-spam', 'auth-failure'] as const).map(
        complaintCodeOf,
      ),
    ).toEqual([
      'COMPLAINT_ABUSE',
      'COMPLAINT_FRAUD',
      'COMPLAINT_VIRUS',
      'COMPLAINT_OTHER',
      'COMPLAINT_NOT_SPAM',
      'COMPLAINT_AUTH',
    ]);
  });
});

describe(suppressionOfBounce.name, () => {
  it.each([
    ['PERMANENT_NO_EMAIL_BOUNCE', { retryable: false }],
    ['PERMANENT_GENERAL_BOUNCE', { retryable: false }],
    ['TRANSIENT_MAILBOX_FULL_BOUNCE', { retryable: true }],
    ['TRANSIENT_MESSAGE_TOO_LARGE_BOUNCE', { retryable: true }],
    ['TRANSIENT_CONTENT_REJECTED_BOUNCE', { retryable: true }],
    ['TRANSIENT_GENERAL_BOUNCE', { retryable: true }],
    ['UNVERIFIED_SENDER', undefined],
    ['TRANSIENT_ATTACHMENT_REJECTED_BOUNCE', undefined],
    ['MISSING_EMAIL_SUBJECT', undefined],
    ['UNDETERMINED_BOUNCE', undefined],
  ])('suppresses after %s as %o', (code, suppression) => {
    expect(suppressionOfBounce(code)).toEqual(suppression);
  });
});
