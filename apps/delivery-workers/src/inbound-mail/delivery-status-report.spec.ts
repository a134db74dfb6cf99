import { readDeliveryStatusReport } from './delivery-status-report';
import {
  ARF_ABUSE,
  EXIM_SEVERAL_RECIPIENTS,
  GMAIL_DELAYED,
  parseReport,
  POSTFIX_BOUNCE,
  SUCCESS_DSN,
} from './test-peers/report-samples';

describe(readDeliveryStatusReport.name, () => {
  it('reads a Postfix bounce: the address only, the folded diagnostic, the returned Message-ID', async () => {
    const sut = readDeliveryStatusReport(await parseReport(POSTFIX_BOUNCE));

    expect(sut).toEqual({
      reportingMta: 'mx.clarion.test',
      originalMessageId: '<01a2b3c4-0000-7000-8000-000000000001@clarion.test>',
      recipients: [
        {
          finalRecipient: 'ada@example.com',
          originalRecipient: 'ada@example.com',
          action: 'failed',
          status: '5.1.1',
          remoteMta: 'mail.example.com',
          diagnosticCode:
            'smtp; 550 5.1.1 <ada@example.com>: Recipient address rejected: User unknown',
        },
      ],
    });
  });

  it('reads every recipient of an Exim report, lowercase names, ENVID and the returned message', async () => {
    const sut = readDeliveryStatusReport(await parseReport(EXIM_SEVERAL_RECIPIENTS));

    expect(sut).toMatchObject({
      reportingMta: 'relay.example.org',
      originalEnvelopeId: '01a2b3c4-0000-7000-8000-000000000002',
      originalMessageId: '<01a2b3c4-0000-7000-8000-000000000002@clarion.test>',
    });
    expect(sut?.recipients).toEqual([
      {
        finalRecipient: 'grace@example.org',
        action: 'failed',
        status: '5.2.2',
        remoteMta: 'mx1.example.org',
        diagnosticCode: 'smtp; 552 5.2.2 Mailbox full',
      },
      {
        finalRecipient: 'linus@example.org',
        action: 'failed',
        status: '5.7.1',
        remoteMta: 'mx1.example.org',
        diagnosticCode: 'smtp; 550 5.7.1 Message rejected as spam',
      },
      { finalRecipient: 'ken@example.org', action: 'delivered', status: '2.0.0' },
    ]);
  });

  it('reads a delay warning as delayed with its transient status', async () => {
    const sut = readDeliveryStatusReport(await parseReport(GMAIL_DELAYED));

    expect(sut?.originalMessageId).toBe('<01a2b3c4-0000-7000-8000-000000000003@clarion.test>');
    expect(sut?.recipients).toEqual([
      {
        finalRecipient: 'margaret@example.net',
        action: 'delayed',
        status: '4.4.1',
        diagnosticCode: 'smtp; The recipient server did not accept our requests to connect.',
      },
    ]);
  });

  it('reads a success report, the Action comment left out', async () => {
    const sut = readDeliveryStatusReport(await parseReport(SUCCESS_DSN));

    expect(sut).toEqual({
      reportingMta: 'mx.example.com',
      originalEnvelopeId: '01a2b3c4-0000-7000-8000-000000000004',
      originalMessageId: '<01a2b3c4-0000-7000-8000-000000000004@clarion.test>',
      recipients: [
        {
          finalRecipient: 'joan@example.com',
          action: 'delivered',
          status: '2.0.0',
          remoteMta: 'mailbox.example.com',
        },
      ],
    });
  });

  it('still reads a bounce parsed without keepDeliveryStatus (the status part merged into the text)', async () => {
    const sut = readDeliveryStatusReport(await parseReport(POSTFIX_BOUNCE, {} as never));

    expect(sut?.recipients).toMatchObject([
      { finalRecipient: 'ada@example.com', action: 'failed', status: '5.1.1' },
    ]);
  });

  it('answers undefined for a complaint, a plain email and junk, without throwing', async () => {
    const junk = [
      ARF_ABUSE,
      'From: a@b.test\nTo: c@d.test\nSubject: hi\n\nhello\n',
      '\u0000\u0001garbage: \n\n\n:::',
      'Content-Type: multipart/report; report-type=delivery-status; boundary=x\n\n--x\nContent-Type: message/delivery-status\n\nFinal-Recipient\nStatus: nope\n\n--x--\n',
      '',
    ];
    for (const raw of junk) {
      const mail = await parseReport(raw);
      const sut = readDeliveryStatusReport(mail);
      expect(sut === undefined || sut.recipients.length === 0).toBe(true);
    }
    expect(readDeliveryStatusReport(await parseReport(ARF_ABUSE))).toBeUndefined();
    expect(readDeliveryStatusReport({} as never)).toBeUndefined();
  });
});
