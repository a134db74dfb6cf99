import { Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, SendDto, ValidationFailedError } from '@clarion/contracts';
import { BlobStore } from '@clarion/messaging';

/** Spec section 8: an inline attachment may hold about 4 MB of raw bytes. */
export const MAX_INLINE_ATTACHMENT_BYTES = 4 * 1024 * 1024;

/**
 * Inline (base64) email attachments: checked for size (413 before anything is queued) and moved
 * into the blob store, since a message on NATS may not carry megabytes. The send keeps a
 * reference under the account's own prefix, which delivery-workers check.
 */
@Injectable()
export class InlineAttachments {
  constructor(private readonly blobs: BlobStore) {}

  async storeOf(body: SendDto, accountId: string, trackingId: string): Promise<SendDto> {
    const attachments = body.options?.email?.attachments;
    if (
      !attachments?.some((attachment) => attachment.content !== undefined || attachment.storedAs)
    ) {
      return body;
    }
    const decoded = attachments.map((attachment) => {
      if (attachment.storedAs !== undefined) {
        throw new ValidationFailedError(
          'options.email.attachments[].storedAs is set by the service, not by callers',
          'Give each attachment either url or base64 content.',
        );
      }
      return attachment.content === undefined
        ? undefined
        : decodedContent(attachment.filename, attachment.content);
    });
    const stored = await Promise.all(
      attachments.map(async (attachment, index) => {
        const bytes = decoded[index];
        if (bytes === undefined) return attachment;
        const storedAs = `${accountId}/${trackingId}/${index}`;
        await this.blobs.put(storedAs, bytes);
        const { content: _content, ...rest } = attachment;
        return { ...rest, storedAs };
      }),
    );
    return {
      ...body,
      options: { ...body.options, email: { ...body.options?.email, attachments: stored } },
    };
  }
}

function decodedContent(filename: string, base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_INLINE_ATTACHMENT_BYTES) {
    throw new DomainError(
      ErrorCode.PAYLOAD_TOO_LARGE,
      `The inline attachment ${filename} holds ${bytes.length} bytes; at most ${MAX_INLINE_ATTACHMENT_BYTES} (about 4 MB) are allowed per file`,
      'Host the file and attach it by url (up to 20 MB), or send a smaller file.',
    );
  }
  return bytes;
}
