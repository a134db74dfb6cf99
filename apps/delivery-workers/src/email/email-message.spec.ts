import { verifyTrackingToken } from '@clarion/contracts';
import { buildEmailMessage } from './email-message';
import { emailConfigOf, emailJobOf } from './test-peers/email-fixtures';

const config = emailConfigOf();
const ctx = { idempotencyKey: 'trk-1:EMAIL:ada@example.org', attempt: 1 };

describe(buildEmailMessage.name, () => {
  it('addresses the message as the send asks', () => {
    const job = emailJobOf(
      { senderName: 'Acme', senderEmail: 'news@acme.com' },
      {
        replyToAddresses: ['help@acme.com'],
        ccAddresses: ['cc@example.org'],
        bccAddresses: ['bcc@example.org'],
      },
    );
    const { message, fromFallback } = buildEmailMessage(job, ctx, config, []);
    expect(message).toMatchObject({
      from: { name: 'Acme', address: 'news@acme.com' },
      to: { name: '', address: 'ada@example.org' },
      cc: ['cc@example.org'],
      bcc: ['bcc@example.org'],
      replyTo: ['help@acme.com'],
      subject: 'Welcome',
      attachments: [],
    });
    expect(fromFallback).toBeUndefined();
  });

  it('derives the Message-ID from the idempotency key and the sender domain', () => {
    const job = emailJobOf({ senderEmail: 'news@acme.com' });
    const first = buildEmailMessage(job, ctx, config, []).message.messageId;
    expect(first).toMatch(/^<[0-9a-f]{32}@acme\.com>$/);
    expect(buildEmailMessage(job, { ...ctx, attempt: 2 }, config, []).message.messageId).toBe(
      first,
    );
    expect(
      buildEmailMessage(job, { ...ctx, idempotencyKey: 'other' }, config, []).message.messageId,
    ).not.toBe(first);
  });

  it('says when it used the default sender instead of the requested one', () => {
    const job = emailJobOf({}, { fromName: 'Evil', fromAddress: 'ceo@evil.test' });
    const { message, fromFallback } = buildEmailMessage(job, ctx, config, []);
    expect(message.from).toEqual({ name: 'Evil', address: 'notifications@clarion.test' });
    expect(message.messageId).toMatch(/@clarion\.test>$/);
    expect(fromFallback).toContain('ceo@evil.test');
  });

  it('adds the unsubscribe headers and the tracking id', () => {
    const { message } = buildEmailMessage(emailJobOf(), ctx, config, []);
    const headers = message.headers as Record<string, string>;
    const [, token] = /^<https:\/\/clarion\.test\/track\/unsubscribe\/([^>]+)>$/.exec(
      headers['List-Unsubscribe']!,
    )!;
    expect(verifyTrackingToken(token!, config.trackingSecret)?.kind).toBe('unsubscribe');
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['X-Clarion-Tracking-Id']).toBe('trk-1');
  });

  it('tracks the HTML but keeps tracking out of the text alternative', () => {
    const html =
      '<html><body><p>Hello <a href="https://docs.example.com/start">start</a></p><img src="https://img.test/logo.png" alt="logo"><a href="%unsubscribe_url%">Unsubscribe</a></body></html>';
    const { message } = buildEmailMessage(
      emailJobOf({ html, previewText: 'pre' }),
      ctx,
      config,
      [],
    );
    expect(message.html).toContain('https://clarion.test/track/click/');
    expect(message.html).toContain('https://clarion.test/track/open/');
    expect(message.text).toMatch(
      /^Hello start \[https:\/\/docs\.example\.com\/start\]\s+Unsubscribe\s+\[https:\/\/clarion\.test\/track\/unsubscribe\/[^\]]+\]$/,
    );
    expect(message.text).not.toContain('/track/click/');
    expect(message.text).not.toContain('pre');
  });
});
