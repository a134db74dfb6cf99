import { basename } from 'node:path';
import type { Attachment } from 'nodemailer';
import { EmailAttachmentDto } from '@clarion/contracts';
import { GuardedFetch, OutboundUrlRefusedError } from '@clarion/outbound';
import { describeError } from '../delivery/describe-error';
import { EmailAttachmentError } from './email-attachment-error';

/** The largest file a send may attach (spec: URL attachments up to 20 MB per file). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 60_000;

/**
 * The send's attachments as nodemailer parts: inline base64 decoded, URLs downloaded through the
 * outbound guard with a hard size cap. Throws EmailAttachmentError.
 */
export async function loadEmailAttachments(
  attachments: readonly EmailAttachmentDto[] | undefined,
  fetch: GuardedFetch,
  maxBytes = MAX_ATTACHMENT_BYTES,
): Promise<Attachment[]> {
  const parts: Attachment[] = [];
  // One at a time: a failure stops the rest, and at most one download is in flight.
  for (const attachment of attachments ?? []) {
    parts.push(
      attachment.content !== undefined
        ? inlinePart(attachment, attachment.content, maxBytes)
        : await downloadedPart(attachment, fetch, maxBytes),
    );
  }
  return parts;
}

function inlinePart(attachment: EmailAttachmentDto, base64: string, maxBytes: number): Attachment {
  const content = Buffer.from(base64, 'base64');
  if (content.length > maxBytes) throw tooLarge(attachment.filename, maxBytes);
  return { filename: attachment.filename, content, contentType: attachment.contentType };
}

async function downloadedPart(
  attachment: EmailAttachmentDto,
  fetch: GuardedFetch,
  maxBytes: number,
): Promise<Attachment> {
  const url = attachment.url ?? '';
  const filename = attachment.filename || fileNameOf(url);
  const where = `attachment "${filename}" (${withoutQuery(url)})`;
  const stop = new AbortController();
  const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS)]);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'manual' });
  } catch (error) {
    throw fetchFailure(where, error);
  }
  try {
    if (!response.ok) throw statusFailure(where, response.status);
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) throw tooLarge(filename, maxBytes);
    const content = await readCapped(response, maxBytes, filename);
    const mediaType = response.headers.get('content-type')?.split(';')[0]?.trim();
    return { filename, content, contentType: attachment.contentType ?? (mediaType || undefined) };
  } catch (error) {
    throw error instanceof EmailAttachmentError ? error : fetchFailure(where, error);
  } finally {
    // Whatever was not read is dropped with its connection rather than drained.
    stop.abort();
  }
}

async function readCapped(response: Response, maxBytes: number, filename: string): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, received);
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(filename, maxBytes);
    }
    chunks.push(value);
  }
}

function tooLarge(filename: string, maxBytes: number): EmailAttachmentError {
  const megabytes = maxBytes / (1024 * 1024);
  const limit = Number.isInteger(megabytes) ? `${megabytes} MB` : `${maxBytes} bytes`;
  return new EmailAttachmentError(`attachment "${filename}" is larger than ${limit}`, false);
}

function statusFailure(where: string, status: number): EmailAttachmentError {
  if (status >= 300 && status < 400) {
    return new EmailAttachmentError(
      `${where} answered HTTP ${status}: redirects are not followed`,
      false,
    );
  }
  // Server errors, timeouts and rate limits pass; other client errors will not.
  const retryable = status >= 500 || status === 408 || status === 429;
  return new EmailAttachmentError(`${where} could not be fetched: HTTP ${status}`, retryable);
}

function fetchFailure(where: string, error: unknown): EmailAttachmentError {
  if (error instanceof OutboundUrlRefusedError) {
    return new EmailAttachmentError(`${where} was refused: ${error.reason}`, false);
  }
  const description = describeError(error);
  if (/invalid url/i.test(description)) {
    return new EmailAttachmentError(`${where} is not a valid URL`, false);
  }
  return new EmailAttachmentError(`${where} could not be fetched: ${description}`, true);
}

function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(basename(new URL(url).pathname)) || 'attachment';
  } catch {
    return 'attachment';
  }
}

/** Query strings often carry signatures (presigned URLs): keep them out of log records. */
function withoutQuery(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split('?')[0] ?? url;
  }
}
