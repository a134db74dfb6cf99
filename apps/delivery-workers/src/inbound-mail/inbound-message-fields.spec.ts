import { simpleParser } from 'mailparser';
import {
  answeredMessageIdsOf,
  inboundMessageFields,
  MAX_BODY_CHARS,
} from './inbound-message-fields';

const parse = (lines: string[], body = 'Hello') =>
  simpleParser(
    [...lines, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body, ''].join(
      '\r\n',
    ),
  );

describe('inbound message fields', () => {
  it('answers the Message-IDs a reply may answer: In-Reply-To, then References newest first', async () => {
    const mail = await parse([
      'From: ada@example.org',
      'In-Reply-To: <c@x.test>',
      'References: <a@x.test> <b@x.test>\r\n <c@x.test>',
    ]);
    expect(answeredMessageIdsOf(mail)).toEqual(['<c@x.test>', '<b@x.test>', '<a@x.test>']);
    expect(answeredMessageIdsOf(await parse(['From: ada@example.org']))).toEqual([]);
  });

  it('fills the log fields by suffix, leaving out what the message does not have', async () => {
    const mail = await parse([
      'From: "Ada L." <Ada@Example.org>',
      'To: support@inbox.test, other@inbox.test',
      'Subject: Question',
      'Message-ID: <q1@example.org>',
    ]);
    expect(inboundMessageFields(mail, 'support@inbox.test', 'builtin')).toEqual({
      inbox: 'support@inbox.test',
      from: 'Ada@Example.org',
      from_name: 'Ada L.',
      to: 'support@inbox.test, other@inbox.test',
      subject: 'Question',
      body_text: 'Hello\n',
      body_html: '',
      has_attachments: false,
      attachment_count: 0,
      message_id: '<q1@example.org>',
      resolution_type: 'builtin',
    });
  });

  it('keeps a long body to its limit, so the event fits one message', async () => {
    const mail = await parse(['From: ada@example.org'], 'x'.repeat(MAX_BODY_CHARS + 100));
    const fields = inboundMessageFields(mail, 'support@inbox.test', 'custom');
    expect(String(fields['body_text'])).toHaveLength(MAX_BODY_CHARS);
  });

  it('replaces NUL and unpaired surrogates, which PostgreSQL cannot store, in every field', async () => {
    const mail = await parse(
      [
        'From: "Ada\0L." <ada@example.org>',
        `Subject: =?utf-8?B?${Buffer.from('Order\0 42').toString('base64')}?=`,
        'Message-ID: <q2\0@example.org>',
      ],
      'Hello\0there',
    );
    mail.subject = `${mail.subject ?? ''} \uD800`;
    const fields = inboundMessageFields(mail, 'support@inbox.test', 'custom');
    expect(fields['subject']).toBe('Order\uFFFD 42 \uFFFD');
    expect(JSON.stringify(fields)).not.toMatch(/\\u0000|\\ud800/i);
  });
});
