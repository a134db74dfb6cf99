import type { AddressObject, ParsedMail } from 'mailparser';
import { DeliveryFieldValue, storableText } from '@clarion/contracts';

/** How an inbound message was matched (records.md LogsGetResponseLogsInnerEmailInboundResolutionTypeEnum). */
export type InboundResolutionType = 'reply' | 'builtin' | 'custom';

/**
 * A body is kept up to this many characters in the event and the log record: events travel in
 * one NATS message (1 MB by default) and a reply's quoted history can be much longer.
 */
export const MAX_BODY_CHARS = 128 * 1024;
const MAX_HEADER_CHARS = 2_000;

/**
 * The `email_inbound_*` log fields of a message that reached an inbox (records.md), by suffix.
 * Attachments are described (name, type, size), not carried: their bytes stay with the sender.
 * What the sender wrote that PostgreSQL cannot store (NUL, unpaired surrogates) becomes U+FFFD.
 */
export function inboundMessageFields(
  mail: ParsedMail,
  inbox: string,
  resolutionType: InboundResolutionType,
): Record<string, DeliveryFieldValue> {
  const from = firstAddressOf(mail.from);
  const fields: Record<string, DeliveryFieldValue> = {
    inbox,
    from: from?.address ?? '',
    subject: clip(mail.subject ?? '', MAX_HEADER_CHARS),
    to: addressListOf(mail.to),
    body_text: clip(mail.text ?? '', MAX_BODY_CHARS),
    body_html: clip(typeof mail.html === 'string' ? mail.html : '', MAX_BODY_CHARS),
    has_attachments: mail.attachments.length > 0,
    attachment_count: mail.attachments.length,
    resolution_type: resolutionType,
  };
  const optional: Record<string, string | undefined> = {
    from_name: from?.name || undefined,
    cc: addressListOf(mail.cc) || undefined,
    reply_to: addressListOf(mail.replyTo) || undefined,
    message_id: mail.messageId,
    in_reply_to: mail.inReplyTo,
    references: referencesOf(mail).join(' ') || undefined,
    attachments:
      mail.attachments.length > 0
        ? JSON.stringify(
            mail.attachments.map((attachment) => ({
              filename: attachment.filename ?? null,
              contentType: attachment.contentType,
              size: attachment.size,
            })),
          )
        : undefined,
  };
  for (const [name, value] of Object.entries(optional)) {
    if (value !== undefined) fields[name] = clip(value, MAX_HEADER_CHARS * 4);
  }
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') fields[name] = storableText(value);
  }
  return fields;
}

/** The References header's Message-IDs, oldest first as the header lists them. */
export function referencesOf(mail: ParsedMail): string[] {
  return typeof mail.references === 'string' ? [mail.references] : (mail.references ?? []);
}

/** In-Reply-To, then the References from the newest back: the messages a reply may answer. */
export function answeredMessageIdsOf(mail: ParsedMail): string[] {
  const ids = [mail.inReplyTo, ...[...referencesOf(mail)].reverse()].flatMap((value) =>
    value ? (value.match(/<[^<>\s]+>/g) ?? []) : [],
  );
  return [...new Set(ids)].slice(0, 20);
}

function firstAddressOf(
  value: AddressObject | AddressObject[] | undefined,
): { address?: string; name: string } | undefined {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return objects.flatMap((object) => object.value)[0];
}

function addressListOf(value: AddressObject | AddressObject[] | undefined): string {
  const objects = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return clip(
    objects
      .flatMap((object) => object.value)
      .map((address) => address.address)
      .filter(Boolean)
      .join(', '),
    MAX_HEADER_CHARS,
  );
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}
