/**
 * The element's look, all through CSS variables so a page themes it from outside the shadow
 * root: set `--clarion-inbox-accent` and friends on `clarion-inbox` (or an ancestor). Dark
 * colours apply with `theme="dark"`, or with `theme="auto"` (the default) when the system
 * prefers dark.
 */
const LIGHT = `
  --clarion-inbox-accent: #4f46e5;
  --clarion-inbox-background: #ffffff;
  --clarion-inbox-surface: #f6f7f9;
  --clarion-inbox-text: #111827;
  --clarion-inbox-muted: #6b7280;
  --clarion-inbox-border: #e5e7eb;
  --clarion-inbox-unread: #eef2ff;
  --clarion-inbox-badge: #dc2626;
  --clarion-inbox-badge-text: #ffffff;
`;
const DARK = `
  --clarion-inbox-accent: #818cf8;
  --clarion-inbox-background: #111827;
  --clarion-inbox-surface: #1f2937;
  --clarion-inbox-text: #f3f4f6;
  --clarion-inbox-muted: #9ca3af;
  --clarion-inbox-border: #374151;
  --clarion-inbox-unread: #1e1b4b;
  --clarion-inbox-badge: #f87171;
  --clarion-inbox-badge-text: #111827;
`;

export const INBOX_STYLES = `
:host { ${LIGHT}
  --clarion-inbox-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --clarion-inbox-radius: 10px;
  --clarion-inbox-width: 380px;
  --clarion-inbox-height: 480px;
  display: inline-block; position: relative; font-family: var(--clarion-inbox-font);
  color: var(--clarion-inbox-text);
}
:host([theme="dark"]) { ${DARK} }
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) { ${DARK} } }
button { font: inherit; color: inherit; cursor: pointer; }
.bell { position: relative; background: none; border: 0; padding: 6px; border-radius: 50%;
  color: var(--clarion-inbox-text); }
.bell:hover { background: var(--clarion-inbox-surface); }
.bell svg { width: 24px; height: 24px; display: block; }
.badge { position: absolute; top: 0; right: 0; min-width: 18px; height: 18px; padding: 0 5px;
  box-sizing: border-box; border-radius: 9px; font-size: 11px; line-height: 18px; font-weight: 600;
  background: var(--clarion-inbox-badge); color: var(--clarion-inbox-badge-text); }
.badge[hidden] { display: none; }
.panel { position: absolute; right: 0; top: calc(100% + 6px); z-index: 1000;
  width: var(--clarion-inbox-width); max-width: 95vw; display: flex; flex-direction: column;
  background: var(--clarion-inbox-background); border: 1px solid var(--clarion-inbox-border);
  border-radius: var(--clarion-inbox-radius); box-shadow: 0 12px 32px rgba(0,0,0,.18);
  overflow: hidden; }
:host([inline]) .panel { position: static; margin-top: 6px; }
.panel[hidden], footer[hidden], .list[hidden], .preferences[hidden], .error[hidden] { display: none; }
header { display: flex; align-items: center; gap: 8px; padding: 12px 14px;
  border-bottom: 1px solid var(--clarion-inbox-border); }
header h2 { font-size: 15px; margin: 0; flex: 1; }
.link { background: none; border: 0; padding: 2px 4px; font-size: 12px;
  color: var(--clarion-inbox-accent); }
.status { width: 8px; height: 8px; border-radius: 50%; background: var(--clarion-inbox-muted); }
.status.live { background: #16a34a; }
.list { max-height: var(--clarion-inbox-height); overflow-y: auto; }
.entry { display: flex; gap: 10px; padding: 12px 14px; border-bottom: 1px solid var(--clarion-inbox-border); }
.entry.unread { background: var(--clarion-inbox-unread); }
.entry img { width: 36px; height: 36px; border-radius: 50%; object-fit: cover; flex: none; }
.body { flex: 1; min-width: 0; }
.title { font-size: 14px; margin: 0 0 4px; word-wrap: break-word; cursor: pointer; }
.entry.unread .title { font-weight: 600; }
.meta { font-size: 12px; color: var(--clarion-inbox-muted); }
.dot { width: 8px; height: 8px; border-radius: 50%; background: var(--clarion-inbox-accent);
  margin-top: 6px; flex: none; }
.actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 8px; }
.actions button { font-size: 12px; padding: 3px 10px; border-radius: 6px;
  border: 1px solid var(--clarion-inbox-border); background: var(--clarion-inbox-surface); }
.actions button.primary { background: var(--clarion-inbox-accent); border-color: transparent;
  color: var(--clarion-inbox-background); }
.actions button[disabled] { opacity: .55; cursor: default; }
.batch { margin: 4px 0 0; padding-left: 16px; font-size: 12px; color: var(--clarion-inbox-muted); }
.replies { margin: 6px 0 0; padding: 0; list-style: none; font-size: 12px; }
.replies li { padding: 4px 8px; margin-top: 4px; border-radius: 6px; background: var(--clarion-inbox-surface); }
.reply-form { display: flex; gap: 6px; margin-top: 6px; }
.reply-form input { flex: 1; min-width: 0; font: inherit; font-size: 12px; padding: 4px 6px;
  border-radius: 6px; border: 1px solid var(--clarion-inbox-border);
  background: var(--clarion-inbox-background); color: var(--clarion-inbox-text); }
.empty, .more { padding: 28px 14px; text-align: center; font-size: 13px; color: var(--clarion-inbox-muted); }
.more { padding: 10px; }
.error { padding: 8px 14px; font-size: 12px; color: var(--clarion-inbox-badge); }
.preferences { padding: 8px 14px 14px; max-height: var(--clarion-inbox-height); overflow-y: auto; }
.preferences table { width: 100%; border-collapse: collapse; font-size: 13px; }
.preferences td { padding: 6px 0; border-bottom: 1px solid var(--clarion-inbox-border); }
.preferences td:last-child { text-align: right; }
footer { padding: 8px 14px; border-top: 1px solid var(--clarion-inbox-border); font-size: 12px;
  display: flex; justify-content: space-between; align-items: center; color: var(--clarion-inbox-muted); }
`;
