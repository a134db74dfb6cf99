import { InboxApi } from '../core/inbox-api';
import { WebPushSubscriptionJson } from '../core/inbox-types';

/** The message the Clarion service worker posts to its pages for each push it shows. */
export const WEB_PUSH_MESSAGE_TYPE = 'clarion:push';

/** The JSON a Clarion web push carries (delivery-workers' web push payload). */
export interface WebPushPayload {
  title: string;
  message: string;
  icon?: string;
  url?: string;
  trackingId?: string;
}

export interface WebPushOptions {
  /**
   * Where the service worker is, on the page's own origin (browsers refuse others). Copy
   * dist/inbox/clarion-sw.js to your site's root, or use the gateway's /inbox/clarion-sw.js when
   * the page is served by the gateway.
   */
  serviceWorkerUrl?: string;
  /** The pages the worker controls; '/' needs `Service-Worker-Allowed: /` when it lives lower. */
  scope?: string;
}

export type WebPushOutcome =
  | { status: 'subscribed'; subscription: WebPushSubscriptionJson }
  | { status: 'unsupported' | 'disabled' | 'denied' };

export function isWebPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Registers (or finds) the Clarion service worker and waits until it is active. */
export async function registerClarionServiceWorker(
  options: WebPushOptions = {},
): Promise<ServiceWorkerRegistration> {
  const { serviceWorkerUrl = '/clarion-sw.js', scope = '/' } = options;
  await navigator.serviceWorker.register(serviceWorkerUrl, { scope });
  return navigator.serviceWorker.ready;
}

/**
 * The web push opt-in: asks the user's permission (call it from a click), subscribes with the
 * environment's VAPID key from GET /users/account-metadata and saves the subscription as the
 * user's web push token, so that sends with web push content reach this browser.
 */
export async function enableWebPush(
  api: InboxApi,
  options: WebPushOptions = {},
): Promise<WebPushOutcome> {
  if (!isWebPushSupported()) return { status: 'unsupported' };
  const metadata = await api.accountMetadata();
  if (!metadata.hasWebPushEnabled) return { status: 'disabled' };
  if ((await Notification.requestPermission()) !== 'granted') return { status: 'denied' };
  const registration = await registerClarionServiceWorker(options);
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesOfBase64Url(metadata.environmentVapidPublicKey),
    }));
  const json = subscription.toJSON() as WebPushSubscriptionJson;
  await api.registerWebPush(json);
  return { status: 'subscribed', subscription: json };
}

/** Calls back with every push the service worker shows while a page of the site is open. */
export function onWebPush(listener: (payload: WebPushPayload) => void): () => void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return () => undefined;
  const handle = (event: MessageEvent<unknown>): void => {
    const data = event.data as { type?: string; payload?: WebPushPayload } | undefined;
    if (data?.type === WEB_PUSH_MESSAGE_TYPE && data.payload) listener(data.payload);
  };
  navigator.serviceWorker.addEventListener('message', handle);
  // Messages wait in a queue until a page says it listens (addEventListener alone does not).
  navigator.serviceWorker.startMessages();
  return () => navigator.serviceWorker.removeEventListener('message', handle);
}

function bytesOfBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
