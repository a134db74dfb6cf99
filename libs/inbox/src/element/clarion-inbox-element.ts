import { InboxClient } from '../core/inbox-client';
import { InboxState } from '../core/inbox-store';
import { InboxNotification, InboxPreference } from '../core/inbox-types';
import { preferenceChoices } from '../core/preference-choices';
import { enableWebPush, isWebPushSupported } from '../web-push/web-push';
import { INBOX_STYLES } from './inbox-styles';
import { renderEntry } from './render-entries';
import { renderPreferences } from './render-preferences';

const BELL = `<svg viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"
  stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M6 8a6 6 0 0 1 12 0c0
  7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.94 1.94 0 0 0 3.4 0"/></svg>`;

const SKELETON = `<style>${INBOX_STYLES}</style>
<button class="bell" part="bell" aria-label="Notifications" aria-haspopup="true" aria-expanded="false">
  ${BELL}<span class="badge" part="badge" hidden></span></button>
<section class="panel" part="panel" hidden>
  <header><h2>Notifications</h2><span class="status" title="offline"></span>
    <button class="link" data-action="read-all">Mark all read</button>
    <button class="link" data-action="preferences">Preferences</button></header>
  <div class="error" hidden></div>
  <div class="list" role="list"></div>
  <div class="preferences" hidden></div>
  <footer><span class="push-status"></span>
    <button class="link" data-action="push" hidden>Enable browser notifications</button></footer>
</section>`;

/** The element's detail of `clarion-inbox:click` (cancel it to stop following redirectURL). */
export interface InboxClickDetail {
  notification: InboxNotification;
}

/**
 * `<clarion-inbox>`: a bell with the unread count and a dropdown inbox for one end user, kept
 * live by the realtime stream. Attributes: `api-url`, `client-id`, `user-id`, `hmac`, `theme`
 * (`auto` | `light` | `dark`), `page-size`, `inline` (the panel stays in the page, open),
 * `open`, `preference-channels` (comma-separated, default INAPP_WEB) and
 * `service-worker-url` (for the web push opt-in, default /clarion-sw.js).
 */
export class ClarionInboxElement extends HTMLElement {
  static readonly observedAttributes = ['api-url', 'client-id', 'user-id', 'hmac', 'page-size'];

  private client: InboxClient | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly root: ShadowRoot;
  private view: 'list' | 'preferences' = 'list';
  private replyingTo: string | undefined;
  private pushNote = '';

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.innerHTML = SKELETON;
    this.root.addEventListener('click', (event) => this.onClick(event));
    this.root.addEventListener('change', (event) => this.onChange(event));
    this.root.addEventListener('submit', (event) => this.onSubmit(event));
    this.piece('.list').addEventListener('scroll', () => this.onScroll());
  }

  /** The inbox behind the element, for pages that want to call it (e.g. markAllRead()). */
  get inbox(): InboxClient | undefined {
    return this.client;
  }

  connectedCallback(): void {
    if (this.hasAttribute('open') || this.hasAttribute('inline')) this.setOpen(true);
    this.connect();
  }

  disconnectedCallback(): void {
    this.disconnect();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.connect();
  }

  private connect(): void {
    this.disconnect();
    const clientId = this.getAttribute('client-id');
    const userId = this.getAttribute('user-id');
    if (!clientId || !userId) return;
    this.client = new InboxClient(
      {
        apiUrl: this.getAttribute('api-url') ?? window.location.origin,
        clientId,
        userId,
        hmac: this.getAttribute('hmac') ?? undefined,
      },
      { pageSize: Number(this.getAttribute('page-size') ?? 20) },
    );
    this.unsubscribe = this.client.subscribe((state) => this.render(state));
    void this.client.start();
  }

  private disconnect(): void {
    this.unsubscribe?.();
    this.client?.stop();
    this.client = undefined;
  }

  private render(state: InboxState): void {
    const badge = this.piece('.badge');
    badge.hidden = state.unread === 0;
    badge.textContent = state.unread > 99 ? '99+' : String(state.unread);
    this.piece('.bell').setAttribute('aria-label', `Notifications, ${state.unread} unread`);
    const status = this.piece('.status');
    status.classList.toggle('live', state.connected);
    status.title = state.connected ? 'live' : 'offline';
    const error = this.piece('.error');
    error.hidden = state.error === undefined;
    error.textContent = state.error ?? '';
    this.piece('.list').hidden = this.view !== 'list';
    this.piece('.preferences').hidden = this.view !== 'preferences';
    if (this.view === 'list') this.renderList(state);
    else this.renderPreferencePanel(state);
    const push = this.piece('[data-action="push"]');
    push.hidden = !isWebPushSupported() || Notification.permission === 'granted';
    this.piece('.push-status').textContent = this.pushNote;
    this.piece('footer').hidden = push.hidden && this.pushNote === '';
  }

  private renderList(state: InboxState): void {
    const list = this.piece('.list');
    const typing = this.root.activeElement as HTMLInputElement | null;
    const draft = typing?.name === 'reply' ? typing.value : undefined;
    const visible = state.notifications.filter((entry) => entry.archived === undefined);
    const more = state.hasMore
      ? `<div class="more"><button class="link" data-action="more">${state.loading ? 'Loading…' : 'Load older'}</button></div>`
      : '';
    list.innerHTML =
      visible.length === 0 && !state.loading
        ? '<div class="empty">You are all caught up.</div>'
        : visible.map((entry) => renderEntry(entry, entry.id === this.replyingTo)).join('') + more;
    if (draft !== undefined) {
      const input = list.querySelector<HTMLInputElement>('input[name="reply"]');
      if (input) {
        input.value = draft;
        input.focus();
      }
    }
  }

  private renderPreferencePanel(state: InboxState): void {
    const channels = (this.getAttribute('preference-channels') ?? 'INAPP_WEB')
      .split(',')
      .map((channel) => channel.trim())
      .filter(Boolean);
    const choices = state.preferences
      ? preferenceChoices(state.preferences, state.notifications, channels)
      : undefined;
    this.piece('.preferences').innerHTML = renderPreferences(choices);
  }

  private onClick(event: Event): void {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-action], .bell');
    if (!target) return;
    if (target.classList.contains('bell')) return this.setOpen(this.piece('.panel').hidden);
    const client = this.client;
    const id = target.dataset['id'] ?? '';
    switch (target.dataset['action'] ?? '') {
      case 'open':
        return this.openEntry(id);
      case 'read':
        return void client?.markRead(id);
      case 'archive':
        return void client?.archive(id);
      case 'action1':
        return void client?.action(id, 1);
      case 'action2':
        return void client?.action(id, 2);
      case 'reply':
        this.replyingTo = this.replyingTo === id ? undefined : id;
        return this.rerender();
      case 'read-all':
        return void client?.markAllRead();
      case 'more':
        return void client?.loadMore();
      case 'preferences':
        this.view = this.view === 'list' ? 'preferences' : 'list';
        this.piece('[data-action="preferences"]').textContent =
          this.view === 'list' ? 'Preferences' : 'Back';
        if (this.view === 'preferences') void client?.loadPreferences();
        return this.rerender();
      case 'push':
        return void this.optInToPush();
      default:
        return;
    }
  }

  private openEntry(id: string): void {
    const entry = this.client?.state.notifications.find((candidate) => candidate.id === id);
    if (!entry || !this.client) return;
    void this.client.markRead(id);
    const proceed = this.dispatchEvent(
      new CustomEvent<InboxClickDetail>('clarion-inbox:click', {
        detail: { notification: entry },
        bubbles: true,
        composed: true,
        cancelable: true,
      }),
    );
    if (proceed && entry.redirectURL && /^https?:\/\//i.test(entry.redirectURL)) {
      void this.client.click(id);
      window.location.assign(entry.redirectURL);
    }
  }

  private onChange(event: Event): void {
    const input = event.target as HTMLInputElement;
    const key = input.dataset['preference'];
    if (key === undefined || !this.client) return;
    const [notificationId, channel, subNotificationId] = JSON.parse(key) as [
      string,
      string,
      string | null,
    ];
    const preference: InboxPreference = {
      notificationId,
      channel,
      delivery: input.checked ? 'instant' : 'off',
      ...(subNotificationId !== null && { subNotificationId }),
    };
    void this.client.setPreference(preference);
  }

  private onSubmit(event: Event): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const input = form.querySelector<HTMLInputElement>('input[name="reply"]');
    const id = form.dataset['id'];
    const message = input?.value.trim() ?? '';
    if (!id || message === '' || !this.client) return;
    this.replyingTo = undefined;
    if (input) input.value = '';
    void this.client.reply(id, message);
  }

  private onScroll(): void {
    const list = this.piece('.list');
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - 48) void this.client?.loadMore();
  }

  private async optInToPush(): Promise<void> {
    if (!this.client) return;
    try {
      const outcome = await enableWebPush(this.client.api, {
        serviceWorkerUrl: this.getAttribute('service-worker-url') ?? undefined,
      });
      this.pushNote =
        outcome.status === 'subscribed'
          ? 'Browser notifications are on.'
          : `Browser notifications: ${outcome.status}.`;
    } catch (error) {
      this.pushNote = `Browser notifications failed: ${(error as Error).message}`;
    }
    this.rerender();
  }

  private setOpen(open: boolean): void {
    this.piece('.panel').hidden = !open;
    this.piece('.bell').setAttribute('aria-expanded', String(open));
    this.toggleAttribute('open', open);
  }

  private rerender(): void {
    if (this.client) this.render(this.client.state);
  }

  private piece(selector: string): HTMLElement {
    const element = this.root.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`clarion-inbox: ${selector} is missing from its template`);
    return element;
  }
}

/** Defines `<clarion-inbox>` once (importing the bundle twice must not throw). */
export function defineClarionInbox(tagName = 'clarion-inbox'): void {
  if (typeof customElements !== 'undefined' && !customElements.get(tagName))
    customElements.define(tagName, class extends ClarionInboxElement {});
}
