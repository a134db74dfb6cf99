import { AddressObject, ParsedMail } from 'mailparser';
import { verifyTrackingToken } from '@clarion/contracts';
import { eventually, freePort, SmtpPeer } from '@clarion/testing';
import { SmtpEmailAdapter } from './smtp-email.adapter';
import { emailConfigOf, emailJobOf } from './test-peers/email-fixtures';
import { HttpFilePeer } from './test-peers/http-file-peer';

const plainFetch = (url: string, init?: RequestInit) => fetch(url, init);
const ctx = { idempotencyKey: 'trk-1:EMAIL:ada@example.org', attempt: 1 };
const secret = emailConfigOf().trackingSecret;

function headerLine(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((header) => header.key === name.toLowerCase())?.line;
  return line?.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address ?? ''));
}

function tokenIn(url: string, route: string): string {
  const prefix = `https://clarion.test/track/${route}/`;
  expect(url.startsWith(prefix)).toBe(true);
  return url.slice(prefix.length);
}

describe(SmtpEmailAdapter.name, () => {
  let smtp: SmtpPeer;
  let files: HttpFilePeer;
  let sut: SmtpEmailAdapter;

  beforeAll(async () => {
    [smtp, files] = await Promise.all([SmtpPeer.start(), HttpFilePeer.start()]);
    sut = new SmtpEmailAdapter(emailConfigOf({ smtpUrl: smtp.url }), plainFetch);
  });
  afterAll(async () => {
    await sut.close();
    await Promise.all([smtp.close(), files.close()]);
  });
  beforeEach(() => smtp.received.splice(0));

  it('hands over a tracked email from a verified sender and reports it sent', async () => {
    const job = emailJobOf(
      {
        senderName: 'Acme',
        senderEmail: 'news@acme.com',
        previewText: 'Your account is ready',
        html: '<html><body><p>Hi <a class="cta" href="https://docs.example.com/start?a=1&amp;b=2">start</a> <a href="mailto:help@acme.com">mail</a> <a href="%unsubscribe_url%">Unsubscribe</a></p></body></html>',
      },
      {
        replyToAddresses: ['help@acme.com'],
        ccAddresses: ['cc@example.org'],
        bccAddresses: ['bcc@example.org'],
      },
    );
    const outcome = await sut.send(job, ctx);

    const messageId = outcome.status === 'sent' ? outcome.providerMessageId : undefined;
    expect(messageId).toMatch(/^<[0-9a-f]{32}@acme\.com>$/);
    expect(outcome).toEqual({
      status: 'sent',
      providerMessageId: messageId,
      fields: { message_id: messageId },
    });
    const [{ mail, envelope }] = smtp.received as [(typeof smtp.received)[number]];
    // The return path names the message (VERP), and every recipient is asked for reports.
    const token = /^<([0-9a-f]{32})@acme\.com>$/.exec(String(messageId))?.[1];
    const reports = ['SUCCESS', 'FAILURE', 'DELAY'];
    expect(envelope).toEqual({
      from: `bounces+${token}@bounces.clarion.test`,
      to: ['ada@example.org', 'cc@example.org', 'bcc@example.org'],
      dsn: {
        envid: token,
        notify: {
          'ada@example.org': reports,
          'cc@example.org': reports,
          'bcc@example.org': reports,
        },
      },
    });
    expect(mail.subject).toBe('Welcome');
    expect(mail.messageId).toBe(messageId);
    expect(mail.from?.value).toEqual([{ name: 'Acme', address: 'news@acme.com' }]);
    expect(addressesOf(mail.to)).toEqual(['ada@example.org']);
    expect(addressesOf(mail.cc)).toEqual(['cc@example.org']);
    expect(mail.bcc).toBeUndefined();
    expect(addressesOf(mail.replyTo)).toEqual(['help@acme.com']);
    expect(headerLine(mail, 'X-Clarion-Tracking-Id')).toBe('trk-1');
    expect(headerLine(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const unsubscribeUrl = /^<(.+)>$/.exec(headerLine(mail, 'List-Unsubscribe') ?? '')?.[1] ?? '';
    expect(verifyTrackingToken(tokenIn(unsubscribeUrl, 'unsubscribe'), secret)).toMatchObject({
      kind: 'unsubscribe',
      trackingId: 'trk-1',
      userId: 'user-1',
    });

    const html = mail.html || '';
    expect(html).toMatch(/^<html><body><div style="display:none;[^"]*">Your account is ready/);
    const [, clickUrl] = /<a class="cta" href="([^"]+)">start<\/a>/.exec(html) ?? [];
    expect(verifyTrackingToken(tokenIn(clickUrl ?? '', 'click'), secret)).toEqual({
      kind: 'click',
      trackingId: 'trk-1',
      accountId: 'acc-1',
      envId: 'env-1',
      userId: 'user-1',
      notificationId: 'welcome',
      url: 'https://docs.example.com/start?a=1&b=2',
    });
    expect(html).toContain('<a href="mailto:help@acme.com">mail</a>');
    expect(html).toContain(`<a href="${unsubscribeUrl}">Unsubscribe</a>`);
    const [, pixelUrl] =
      /<img src="([^"]+)" width="1" height="1"[^>]*><\/body><\/html>$/.exec(html) ?? [];
    expect(verifyTrackingToken(tokenIn(pixelUrl ?? '', 'open'), secret)?.kind).toBe('open');

    expect(mail.text).toContain('Hi start [https://docs.example.com/start?a=1&b=2] mail');
    expect(mail.text).toMatch(
      /\nUnsubscribe\s+\[https:\/\/clarion\.test\/track\/unsubscribe\/[^\]]+\]$/,
    );
    expect(mail.text).not.toContain('/track/click/');
  });

  it('sends from the default address when the requested one is not verified, and says so', async () => {
    const job = emailJobOf({}, { fromName: 'Acme', fromAddress: 'ceo@unverified.test' });
    const outcome = await sut.send(job, ctx);
    expect(outcome).toMatchObject({
      status: 'sent',
      fields: {
        from_fallback:
          'ceo@unverified.test is not on a verified domain, so the email was sent from notifications@clarion.test',
      },
    });
    const [{ mail, envelope }] = smtp.received as [(typeof smtp.received)[number]];
    expect(mail.from?.value).toEqual([{ name: 'Acme', address: 'notifications@clarion.test' }]);
    expect(envelope.from).toMatch(/^bounces\+[0-9a-f]{32}@bounces\.clarion\.test$/);
    expect(mail.messageId).toMatch(/@clarion\.test>$/);
  });

  it('gives a resend of the same message the same Message-ID', async () => {
    await sut.send(emailJobOf(), ctx);
    await sut.send(emailJobOf(), { ...ctx, attempt: 2 });
    const [first, second] = smtp.received.map((received) => received.mail.messageId);
    expect(first).toMatch(/^<[0-9a-f]{32}@clarion\.test>$/);
    expect(second).toBe(first);
  });

  it('attaches inline content and files fetched by URL', async () => {
    const pdf = Buffer.from('%PDF-1.7 binary \u0000\u00ff', 'latin1');
    files.serve('/docs/invoice.pdf', 200, pdf, { 'content-type': 'application/pdf' });
    const inline = Buffer.from([0, 1, 2, 3, 254, 255]);
    const job = emailJobOf(
      {},
      {
        attachments: [
          {
            filename: 'data.bin',
            content: inline.toString('base64'),
            contentType: 'application/x-data',
          },
          { filename: 'invoice.pdf', url: files.url('/docs/invoice.pdf') },
        ],
      },
    );
    await expect(sut.send(job, ctx)).resolves.toMatchObject({ status: 'sent' });
    const { attachments } = smtp.received[0]!.mail;
    expect(attachments.map((part) => [part.filename, part.contentType, part.content])).toEqual([
      ['data.bin', 'application/x-data', inline],
      ['invoice.pdf', 'application/pdf', pdf],
    ]);
  });

  it('fails an attachment over 20 MB without downloading all of it or sending', async () => {
    const download = files.serveStream('/huge.iso', 200 * 1024 * 1024);
    const job = emailJobOf(
      {},
      { attachments: [{ filename: 'huge.iso', url: files.url('/huge.iso') }] },
    );
    await expect(sut.send(job, ctx)).resolves.toEqual({
      status: 'failed',
      code: 'TRANSIENT_ATTACHMENT_REJECTED_BOUNCE',
      reason: 'attachment "huge.iso" is larger than 20 MB',
    });
    await eventually(() => (download.closed ? true : undefined));
    expect(download.bytesWritten).toBeLessThan(60 * 1024 * 1024);
    expect(smtp.received).toHaveLength(0);
  });

  it('fails an attachment URL that answers 404, and retries one that answers 503', async () => {
    files.serve('/down', 503, 'busy');
    const attachmentAt = (path: string) =>
      emailJobOf({}, { attachments: [{ filename: 'a.pdf', url: files.url(path) }] });
    await expect(sut.send(attachmentAt('/nothing-here'), ctx)).resolves.toMatchObject({
      status: 'failed',
      code: 'TRANSIENT_ATTACHMENT_REJECTED_BOUNCE',
      reason: expect.stringContaining('HTTP 404'),
    });
    await expect(sut.send(attachmentAt('/down'), ctx)).resolves.toMatchObject({
      status: 'retry',
      reason: expect.stringContaining('HTTP 503'),
    });
  });

  it('adds neither open pixel nor click tracking when the send turns them off', async () => {
    const html =
      '<p><a href="https://docs.example.com/">docs</a> <a href="%unsubscribe_url%">u</a></p>';
    const job = emailJobOf({ html }, { openTracking: false, clickTracking: false });
    await sut.send(job, ctx);
    const sent = smtp.received[0]!.mail.html || '';
    expect(sent).toMatch(
      /^<p><a href="https:\/\/docs\.example\.com\/">docs<\/a> <a href="https:\/\/clarion\.test\/track\/unsubscribe\/[^"]+">u<\/a><\/p>$/,
    );
  });

  it('fails a recipient the server refuses for good, with the bounce code and its answer', async () => {
    smtp.replyToRecipient('gone@example.org', 550, 'No such user here');
    const outcome = await sut.send(emailJobOf({}, undefined, 'gone@example.org'), ctx);
    expect(outcome).toEqual({
      status: 'failed',
      code: 'PERMANENT_NO_EMAIL_BOUNCE',
      reason: '550 No such user here',
    });
  });

  it('fails when only the user is refused although a copy went to cc', async () => {
    smtp.replyToRecipient('refused@example.org', 550, 'No such user here');
    const job = emailJobOf({}, { ccAddresses: ['cc@example.org'] }, 'refused@example.org');
    await expect(sut.send(job, ctx)).resolves.toMatchObject({
      status: 'failed',
      code: 'PERMANENT_NO_EMAIL_BOUNCE',
    });
  });

  it('fails a malformed address instead of sending to part of it', async () => {
    const outcome = await sut.send(emailJobOf({}, undefined, 'ada smith@example.org'), ctx);
    expect(outcome).toEqual({
      status: 'failed',
      code: 'PERMANENT_NO_EMAIL_BOUNCE',
      reason: '501 Error: Bad recipient address syntax',
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('retries a recipient the server defers', async () => {
    smtp.replyToRecipient('later@example.org', 451, 'Try again later');
    const outcome = await sut.send(emailJobOf({}, undefined, 'later@example.org'), ctx);
    expect(outcome).toEqual({ status: 'retry', reason: '451 Try again later' });
  });

  it('fails a user without an email address without connecting', async () => {
    await expect(sut.send(emailJobOf({}, undefined, null), ctx)).resolves.toEqual({
      status: 'failed',
      code: 'MISSING_EMAIL_RECIPIENT',
      reason: 'user user-1 has no email address',
    });
    expect(smtp.received).toHaveLength(0);
  });

  it('retries when the server cannot be reached', async () => {
    const down = new SmtpEmailAdapter(
      emailConfigOf({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` }),
      plainFetch,
    );
    try {
      await expect(down.send(emailJobOf(), ctx)).resolves.toMatchObject({
        status: 'retry',
        reason: expect.stringContaining('ECONNREFUSED'),
      });
    } finally {
      await down.close();
    }
  });
});
