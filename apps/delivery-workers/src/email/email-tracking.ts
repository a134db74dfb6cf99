import { escapeHtml, replaceAttribute, startTagPattern } from './html-attributes';

/** Where a template puts the recipient's unsubscribe link (`<a href="%unsubscribe_url%">`). */
export const UNSUBSCRIBE_PLACEHOLDER = '%unsubscribe_url%';

/** What to add to one email's HTML; a missing part is left out. */
export interface EmailTrackingPlan {
  /** Shown by mail clients after the subject, hidden in the body. */
  previewText?: string;
  /** Replaces every `%unsubscribe_url%`. */
  unsubscribeUrl: string;
  /** The open pixel's source; undefined when open tracking is off. */
  openPixelUrl?: string;
  /** The click-tracking URL of a link's destination; undefined when click tracking is off. */
  clickUrlFor?: (destination: string) => string;
}

/** Mail clients fill their preview with body text after a short preheader: pad it away. */
const PREHEADER_PADDING = '&#847;&zwnj;&nbsp;'.repeat(90);
const PREHEADER_STYLE =
  'display:none;font-size:1px;line-height:1px;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all;';
const PIXEL_STYLE = 'display:block;width:1px;height:1px;border:0;margin:0;padding:0;';

/** The HTML as it is sent: preheader, tracked links, unsubscribe link and open pixel. */
export function applyEmailTracking(html: string, plan: EmailTrackingPlan): string {
  let tracked = plan.clickUrlFor ? trackLinks(html, plan.clickUrlFor) : html;
  tracked = replaceUnsubscribePlaceholder(tracked, plan.unsubscribeUrl);
  if (plan.previewText?.trim()) tracked = insertPreheader(tracked, plan.previewText);
  if (plan.openPixelUrl) tracked = appendOpenPixel(tracked, plan.openPixelUrl);
  return tracked;
}

/** Every `%unsubscribe_url%`, in a link or in text, becomes the recipient's unsubscribe URL. */
export function replaceUnsubscribePlaceholder(html: string, unsubscribeUrl: string): string {
  return html.split(UNSUBSCRIBE_PLACEHOLDER).join(escapeHtml(unsubscribeUrl));
}

/** Rewrites the href of http(s) links; mailto:, tel:, anchors and the unsubscribe link stay. */
export function trackLinks(html: string, clickUrlFor: (destination: string) => string): string {
  return html.replace(startTagPattern('a'), (tag) =>
    replaceAttribute(tag, 'href', (href) => {
      const destination = href.trim();
      if (!/^https?:\/\//i.test(destination)) return undefined;
      if (destination.includes(UNSUBSCRIBE_PLACEHOLDER)) return undefined;
      return clickUrlFor(destination);
    }),
  );
}

/** The hidden preview text, first thing in the body (or at the top of a fragment). */
export function insertPreheader(html: string, previewText: string): string {
  const preheader = `<div style="${PREHEADER_STYLE}">${escapeHtml(previewText)}${PREHEADER_PADDING}</div>`;
  const anchor =
    startTagPattern('body', 'i').exec(html) ??
    /<\/head\s*>/i.exec(html) ??
    startTagPattern('html', 'i').exec(html) ??
    /^\s*<!doctype[^>]*>/i.exec(html);
  const at = anchor ? anchor.index + anchor[0].length : 0;
  return `${html.slice(0, at)}${preheader}${html.slice(at)}`;
}

/** The 1x1 open pixel, last thing in the body (or at the end of a fragment). */
export function appendOpenPixel(html: string, pixelUrl: string): string {
  const pixel = `<img src="${escapeHtml(pixelUrl)}" width="1" height="1" alt="" style="${PIXEL_STYLE}" />`;
  const closing = lastMatch(html, /<\/body\s*>/gi) ?? lastMatch(html, /<\/html\s*>/gi);
  const at = closing ?? html.length;
  return `${html.slice(0, at)}${pixel}${html.slice(at)}`;
}

function lastMatch(html: string, pattern: RegExp): number | undefined {
  let index: number | undefined;
  for (const match of html.matchAll(pattern)) index = match.index;
  return index;
}
