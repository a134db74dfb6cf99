import { readFeedbackReport } from './feedback-report';
import {
  ARF_ABUSE,
  ARF_UNKNOWN_TYPE,
  parseReport,
  POSTFIX_BOUNCE,
} from './test-peers/report-samples';

describe(readFeedbackReport.name, () => {
  it('reads the RFC 5965 example: type, agent, addresses, date, domain and the Message-ID', async () => {
    const sut = readFeedbackReport(await parseReport(ARF_ABUSE));

    expect(sut).toEqual({
      feedbackType: 'abuse',
      userAgent: 'SomeGenerator/1.0',
      originalMailFrom: 'somespammer@example.net',
      originalRecipient: 'user@example.com',
      arrivalDate: 'Thu, 8 Mar 2005 14:00:00 EDT',
      reportedDomain: 'example.net',
      originalMessageId: '8787KJKJ3K4J3K4J3K4J3.mail@example.net',
    });
  });

  it('takes an unknown feedback type as other, names case-insensitive', async () => {
    const sut = readFeedbackReport(await parseReport(ARF_UNKNOWN_TYPE));

    expect(sut).toEqual({
      feedbackType: 'other',
      originalMessageId: '<01a2b3c4-0000-7000-8000-000000000005@clarion.test>',
    });
  });

  it('answers undefined for a bounce, a plain email and junk, without throwing', async () => {
    for (const raw of [POSTFIX_BOUNCE, 'Subject: hi\n\nhello\n', '\u0000garbage', '']) {
      expect(readFeedbackReport(await parseReport(raw))).toBeUndefined();
    }
    expect(readFeedbackReport({} as never)).toBeUndefined();
  });
});
