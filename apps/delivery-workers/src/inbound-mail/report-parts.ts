import { ParsedMail } from 'mailparser';
import { storableText } from '@clarion/contracts';

/** A block of `Name: value` fields, by lowercased name; a repeated name keeps its first value. */
export type ReportFields = Map<string, string>;

/**
 * The MIME parts (nodes) of one message mailparser reads; past it, it fails. The listener counts
 * them with the same splitter while the message arrives, and refuses such a message at DATA.
 */
export const MAX_MIME_PARTS = 1000;

/**
 * The options to give mailparser's simpleParser for a report: without `keepDeliveryStatus` it
 * merges a message/delivery-status part into the text instead of keeping it as a part (the
 * readers then fall back to the text, which works for the reports MTAs send but is less exact).
 * `maxChildNodes` goes on to its splitter.
 */
export const REPORT_PARSER_OPTIONS = {
  keepDeliveryStatus: true,
  maxChildNodes: MAX_MIME_PARTS,
} as const;

/** Whether the mail is a multipart/report (RFC 6522) of the given report-type. */
export function isReportOf(mail: ParsedMail, reportType: string): boolean {
  const contentType = mail.headers?.get('content-type');
  if (typeof contentType !== 'object' || contentType === null || !('value' in contentType)) {
    return false;
  }
  const { value, params } = contentType as { value?: unknown; params?: Record<string, unknown> };
  return (
    String(value).toLowerCase() === 'multipart/report' &&
    String(params?.['report-type'] ?? '').toLowerCase() === reportType
  );
}

/** The text of the mail's first part of one of the content types, when mailparser kept it as one. */
export function partText(mail: ParsedMail, ...contentTypes: string[]): string | undefined {
  const part = (mail.attachments ?? []).find((attachment) =>
    contentTypes.includes(String(attachment.contentType).toLowerCase()),
  );
  return part && Buffer.isBuffer(part.content) ? part.content.toString('utf8') : undefined;
}

/**
 * Reads `Name: value` blocks separated by blank lines (the body of message/delivery-status and
 * message/feedback-report, or a header section): continuation lines (folding) join the field
 * before them, names are case-insensitive, and lines that are not fields are skipped.
 */
export function fieldBlocks(text: string): ReportFields[] {
  const blocks: ReportFields[] = [];
  let block: ReportFields = new Map();
  let last: string | undefined;
  for (const line of storableText(text).split(/\r?\n/)) {
    if (line.trim() === '') {
      if (block.size > 0) blocks.push(block);
      block = new Map();
      last = undefined;
    } else if (/^[ \t]/.test(line)) {
      if (last !== undefined) block.set(last, `${block.get(last) ?? ''} ${line.trim()}`.trim());
    } else {
      const field = /^([!-9;-~]+)[ \t]*:(.*)$/.exec(line);
      last = field?.[1]?.toLowerCase();
      if (field && last !== undefined && !block.has(last)) block.set(last, (field[2] ?? '').trim());
      else if (field === null) last = undefined;
    }
  }
  if (block.size > 0) blocks.push(block);
  return blocks;
}

/** The header section of a returned message (text/rfc822-headers or message/rfc822). */
export function returnedHeaders(mail: ParsedMail): ReportFields | undefined {
  const returned = partText(mail, 'text/rfc822-headers', 'message/rfc822');
  if (returned === undefined) return undefined;
  const [headers] = fieldBlocks(returned.split(/\r?\n\r?\n/, 1)[0] ?? '');
  return headers;
}

/** `rfc822; Ada@Example.com` → `ada@example.com`: the address of a typed address field. */
export function addressOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const address = value
    .replace(/^[\w-]+\s*;/, '')
    .trim()
    .replace(/^<(.*)>$/, '$1')
    .trim()
    .toLowerCase();
  return address === '' ? undefined : address;
}

/** `dns; mx.example.net` → `mx.example.net`: the name of a typed MTA field. */
export function mtaNameOf(value: string | undefined): string | undefined {
  const name = value?.replace(/^[\w-]+\s*;/, '').trim();
  return name === '' ? undefined : name;
}

/** A field's value, absent when empty. */
export function valueOf(fields: ReportFields | undefined, name: string): string | undefined {
  const value = fields?.get(name)?.trim();
  return value === '' ? undefined : value;
}

/** Sets the fields that have a value, so that absent ones stay absent (not `undefined`). */
export function assignDefined<T extends object>(target: T, values: Partial<T>): T {
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) Object.assign(target, { [name]: value });
  }
  return target;
}
