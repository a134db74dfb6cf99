/**
 * @clarion/inbox: Clarion's in-app inbox for any web page. The framework-free InboxClient (REST,
 * realtime stream, store), the `<clarion-inbox>` custom element (defined on import), and the web
 * push opt-in helpers for the Clarion service worker.
 */
import { defineClarionInbox } from './element/clarion-inbox-element';

export { InboxApi, InboxApiError } from './core/inbox-api';
export { InboxClient, type InboxClientOptions } from './core/inbox-client';
export { InboxStore, type InboxState, type InboxStateListener } from './core/inbox-store';
export { InboxStream, type InboxStreamListener } from './core/inbox-stream';
export { preferenceChoices } from './core/preference-choices';
export type * from './core/inbox-types';
export {
  ClarionInboxElement,
  defineClarionInbox,
  type InboxClickDetail,
} from './element/clarion-inbox-element';
export {
  enableWebPush,
  isWebPushSupported,
  onWebPush,
  registerClarionServiceWorker,
  WEB_PUSH_MESSAGE_TYPE,
  type WebPushOptions,
  type WebPushOutcome,
  type WebPushPayload,
} from './web-push/web-push';

defineClarionInbox();
