import { createHash } from 'node:crypto';

/** What the demo page shows: the query's user, or a form asking for one. */
export interface DemoInboxQuery {
  /** The gateway's public URL, for the copy-paste send command. */
  publicUrl: string;
  /** Whether dist/inbox exists (`npm run build` makes it). */
  built: boolean;
  clientId?: string;
  userId?: string;
  hmac?: string;
  theme?: string;
}

const escape = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}
header{display:flex;align-items:center;gap:16px;padding:12px 24px;background:#fff;border-bottom:1px solid #e5e7eb}
header h1{font-size:18px;margin:0;flex:1}main{max-width:760px;margin:24px auto;padding:0 24px}
pre{background:#111827;color:#f9fafb;padding:12px;border-radius:8px;overflow-x:auto;font-size:12px}
label{display:block;margin:8px 0 4px}input{font:inherit;padding:6px 8px;width:100%;box-sizing:border-box}
button{font:inherit}.themes button{margin-right:4px}#push-log li{font-size:13px}
body.dark{background:#030712;color:#f3f4f6}body.dark header{background:#111827;border-color:#374151}`;

/** The page's own script (themes, the web push log); allowed by its hash, nothing else inline. */
const PAGE_SCRIPT = `
  document.querySelectorAll('[data-theme]').forEach(function (button) {
    button.addEventListener('click', function () {
      var theme = button.getAttribute('data-theme');
      document.getElementById('inbox').setAttribute('theme', theme);
      document.body.classList.toggle('dark', theme === 'dark');
    });
  });
  if (window.ClarionInbox) window.ClarionInbox.onWebPush(function (push) {
    var item = document.createElement('li');
    item.textContent = push.title + (push.message ? ': ' + push.message : '');
    document.getElementById('push-log').appendChild(item);
  });
`;

/**
 * The page's Content-Security-Policy: scripts only from this origin (the inbox bundle) and the
 * page's own script by its hash; requests (the API, the realtime stream) and the service worker
 * only to this origin; images of notifications from any https origin; styles inline too (the
 * inbox writes its own into its shadow root); never framed, no plugins, no <base>.
 */
export const DEMO_INBOX_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(PAGE_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "connect-src 'self'",
  "worker-src 'self'",
  "img-src 'self' https: data:",
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

function form(): string {
  return `<p>Open the inbox of one user of an environment:</p>
<form method="get">
  <label for="clientId">clientId (GET /environments)</label><input id="clientId" name="clientId" required>
  <label for="userId">userId</label><input id="userId" name="userId" required>
  <label for="hmac">hmac (base64 HMAC-SHA256 of the userId with the clientSecret; for secureMode and web push)</label>
  <input id="hmac" name="hmac">
  <p><button type="submit">Open the inbox</button></p>
</form>`;
}

function hint(query: DemoInboxQuery, userId: string): string {
  const send = JSON.stringify({
    type: 'demo',
    to: { id: userId },
    inapp: { title: 'Hello from Clarion', redirectURL: 'https://example.com' },
  });
  return `<h2>Send me a test notification</h2>
<p>With an API key of the environment (<code>npm run admin</code> prints one), it appears here at once:</p>
<pre>curl -X POST ${escape(query.publicUrl)}/send \\
  -H "Authorization: Bearer $CLARION_API_KEY" -H 'Content-Type: application/json' \\
  -d '${escape(send)}'</pre>
<h2>Theme</h2>
<p class="themes"><button data-theme="light">Light</button><button data-theme="dark">Dark</button><button data-theme="auto">System</button></p>
<h2>Web push received by the service worker</h2><ul id="push-log"></ul>`;
}

/** The page of GET /demo/inbox: `<clarion-inbox>` from /inbox/clarion-inbox.iife.js. */
export function demoInboxPage(query: DemoInboxQuery): string {
  const { clientId, userId, hmac } = query;
  const ready = clientId !== undefined && clientId !== '' && userId !== undefined && userId !== '';
  const theme = query.theme === 'light' || query.theme === 'dark' ? query.theme : 'auto';
  const element = ready
    ? `<clarion-inbox id="inbox" open client-id="${escape(clientId)}" user-id="${escape(userId)}"
        ${hmac ? `hmac="${escape(hmac)}"` : ''} theme="${theme}" service-worker-url="/inbox/clarion-sw.js"
        preference-channels="INAPP_WEB,EMAIL"></clarion-inbox>`
    : '';
  const missing = query.built
    ? ''
    : '<p><strong>The inbox is not built yet: run <code>npm run build</code>.</strong></p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Clarion inbox demo</title>
<style>${STYLE}</style><script src="/inbox/clarion-inbox.iife.js"></script></head>
<body class="${theme === 'dark' ? 'dark' : ''}"><header><h1>Clarion inbox demo</h1>${element}</header>
<main>${missing}${ready ? hint(query, userId) : form()}</main>
<script>${PAGE_SCRIPT}</script></body></html>`;
}
