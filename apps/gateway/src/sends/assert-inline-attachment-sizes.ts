import { DomainError, ErrorCode, SendDto } from '@clarion/contracts';

/** Spec section 8: an inline attachment may hold about 4 MB of raw bytes. */
export const MAX_INLINE_ATTACHMENT_BYTES = 4 * 1024 * 1024;

/** 413 before anything is queued when an inline (base64) attachment is too large. */
export function assertInlineAttachmentSizes(body: SendDto): void {
  for (const attachment of body.options?.email?.attachments ?? []) {
    if (attachment.content === undefined) continue;
    const bytes = decodedLength(attachment.content);
    if (bytes > MAX_INLINE_ATTACHMENT_BYTES) {
      throw new DomainError(
        ErrorCode.PAYLOAD_TOO_LARGE,
        `The inline attachment ${attachment.filename} holds ${bytes} bytes; at most ${MAX_INLINE_ATTACHMENT_BYTES} (about 4 MB) are allowed per file`,
        'Host the file and attach it by url (up to 20 MB), or send a smaller file.',
      );
    }
  }
}

/** Raw size of base64 text without decoding it. */
function decodedLength(base64: string): number {
  const compact = base64.replace(/\s/g, '');
  const padding = compact.endsWith('==') ? 2 : compact.endsWith('=') ? 1 : 0;
  return Math.floor((compact.length * 3) / 4) - padding;
}
