import { eventually, LoopbackListener } from '@clarion/testing';
import { OutboundGuard, OutboundUrlRefusedError } from '@clarion/outbound';
import { EmailAttachmentError } from './email-attachment-error';
import { loadEmailAttachments, MAX_ATTACHMENT_BYTES } from './email-attachments';
import { HttpFilePeer } from './test-peers/http-file-peer';

describe(loadEmailAttachments.name, () => {
  let files: HttpFilePeer;
  const plainFetch = (url: string, init?: RequestInit) => fetch(url, init);

  beforeAll(async () => {
    files = await HttpFilePeer.start();
  });
  afterAll(() => files.close());

  async function failureOf(promise: Promise<unknown>): Promise<EmailAttachmentError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EmailAttachmentError);
    return error as EmailAttachmentError;
  }

  it('has nothing to load without attachments', async () => {
    await expect(loadEmailAttachments(undefined, plainFetch)).resolves.toEqual([]);
  });

  it('decodes inline base64 content', async () => {
    const content = Buffer.from([0, 1, 2, 250]).toString('base64');
    await expect(
      loadEmailAttachments([{ filename: 'a.bin', content, contentType: 'x/y' }], plainFetch),
    ).resolves.toEqual([
      { filename: 'a.bin', content: Buffer.from([0, 1, 2, 250]), contentType: 'x/y' },
    ]);
  });

  it('downloads a URL, taking the content type from the response when not given', async () => {
    files.serve('/files/report.pdf', 200, '%PDF-1.7', { 'content-type': 'application/pdf; q=1' });
    const url = files.url('/files/report.pdf');
    const [part] = await loadEmailAttachments([{ filename: '', url }], plainFetch);
    expect(part).toEqual({
      filename: 'report.pdf',
      content: Buffer.from('%PDF-1.7'),
      contentType: 'application/pdf',
    });
    const [named] = await loadEmailAttachments(
      [{ filename: 'q.pdf', url, contentType: 'application/x-pdf' }],
      plainFetch,
    );
    expect(named).toMatchObject({ filename: 'q.pdf', contentType: 'application/x-pdf' });
  });

  it('stops reading a download as soon as it passes the limit', async () => {
    const download = files.serveStream('/endless', 200 * 1024 * 1024);
    const error = await failureOf(
      loadEmailAttachments(
        [{ filename: 'big.iso', url: files.url('/endless') }],
        plainFetch,
        1024 * 1024,
      ),
    );
    expect(error).toMatchObject({
      retryable: false,
      reason: 'attachment "big.iso" is larger than 1 MB',
    });
    await eventually(() => (download.closed ? true : undefined));
    expect(download.bytesWritten).toBeLessThan(32 * 1024 * 1024);
  });

  it('refuses a download whose declared length passes the limit before reading it', async () => {
    const download = files.serveStream('/declared', 4 * 1024 * 1024, {
      'content-length': String(4 * 1024 * 1024),
    });
    const error = await failureOf(
      loadEmailAttachments([{ filename: 'd.bin', url: files.url('/declared') }], plainFetch, 1024),
    );
    expect(error.reason).toBe('attachment "d.bin" is larger than 1024 bytes');
    await eventually(() => (download.closed ? true : undefined));
  });

  it('refuses inline content past the limit', async () => {
    const content = Buffer.alloc(2048).toString('base64');
    const error = await failureOf(
      loadEmailAttachments([{ filename: 'i.bin', content }], plainFetch, 1024),
    );
    expect(error.retryable).toBe(false);
  });

  it('fails on client errors and redirects, and retries server errors and rate limits', async () => {
    files.serve('/gone', 404, 'no');
    files.serve('/moved', 302, '', { location: 'https://elsewhere.test/' });
    files.serve('/down', 503, 'busy');
    files.serve('/slow-down', 429, 'later');
    const cases: [string, boolean, string][] = [
      ['/gone', false, 'could not be fetched: HTTP 404'],
      ['/moved', false, 'answered HTTP 302: redirects are not followed'],
      ['/down', true, 'could not be fetched: HTTP 503'],
      ['/slow-down', true, 'could not be fetched: HTTP 429'],
    ];
    for (const [path, retryable, says] of cases) {
      const url = `${files.url(path)}?signature=secret`;
      const error = await failureOf(loadEmailAttachments([{ filename: 'f', url }], plainFetch));
      expect(error.retryable).toBe(retryable);
      expect(error.reason).toBe(`attachment "f" (${files.url(path)}) ${says}`);
    }
  });

  it('fails a URL the outbound guard refuses, and retries one that cannot be reached', async () => {
    const refusing = async (url: string): Promise<Response> => {
      throw new OutboundUrlRefusedError(url, '10.0.0.1 is a private address');
    };
    const refused = await failureOf(
      loadEmailAttachments([{ filename: 'f', url: 'http://intranet.test/f' }], refusing),
    );
    expect(refused).toMatchObject({
      retryable: false,
      reason: 'attachment "f" (http://intranet.test/f) was refused: 10.0.0.1 is a private address',
    });
    const unreachable = files.url('/x').replace(/:\d+\//, ':1/');
    const down = await failureOf(
      loadEmailAttachments([{ filename: 'f', url: unreachable }], plainFetch),
    );
    expect(down.retryable).toBe(true);
    expect(down.reason).toContain('could not be fetched: fetch failed');
  });

  it('fails, without fetching, an attachment URL the active guard refuses in any spelling', async () => {
    const guard = OutboundGuard.fromAllowList('');
    const target = await LoopbackListener.start();
    try {
      for (const host of ['[::ffff:127.0.0.1]', '0x7f000001', '0177.0.0.1', 'localhost']) {
        const url = `http://${host}:${target.port}/a.pdf`;
        const error = await failureOf(
          loadEmailAttachments([{ filename: 'a.pdf', url }], guard.fetch),
        );
        expect(error.retryable).toBe(false);
        expect(error.reason).toMatch(/^attachment "a\.pdf" \(.*\) was refused: .*loopback/);
      }
      expect(target.connections).toBe(0);
    } finally {
      await Promise.all([guard.close(), target.stop()]);
    }
  });

  it('fails an attachment URL that redirects to a refused address, without following it', async () => {
    const guard = OutboundGuard.fromAllowList('127.0.0.2/32');
    const target = await LoopbackListener.start();
    const hop = await LoopbackListener.start(
      (_request, response) =>
        response.writeHead(302, { location: `http://127.0.0.1:${target.port}/a.pdf` }).end(),
      ['127.0.0.2'],
    );
    try {
      const url = `http://127.0.0.2:${hop.port}/a.pdf`;
      const error = await failureOf(
        loadEmailAttachments([{ filename: 'a.pdf', url }], guard.fetch),
      );
      expect(error.reason).toBe(
        `attachment "a.pdf" (${url}) answered HTTP 302: redirects are not followed`,
      );
      expect(target.connections).toBe(0);
    } finally {
      await Promise.all([guard.close(), target.stop(), hop.stop()]);
    }
  });

  it('allows files up to 20 MB', () => {
    expect(MAX_ATTACHMENT_BYTES).toBe(20 * 1024 * 1024);
  });
});
