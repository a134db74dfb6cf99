/**
 * The Clarion service worker: shows each web push as a notification, tells the open pages
 * about it (`{ type: 'clarion:push', payload }`, see onWebPush), and opens the push's url when
 * the notification is clicked. Built on its own into dist/inbox/clarion-sw.js; host it on your
 * site's origin.
 */

/** The few service worker APIs used here (the DOM lib this package compiles with lacks them). */
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown; text(): string } | null;
}
interface ExtendableEventLike extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WindowClientLike {
  url: string;
  postMessage(message: unknown): void;
  focus(): Promise<unknown>;
}
interface ServiceWorkerScopeLike {
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: Event) => void): void;
}

interface PushPayload {
  title: string;
  message?: string;
  icon?: string;
  url?: string;
  trackingId?: string;
}

const worker = self as unknown as ServiceWorkerScopeLike;

worker.addEventListener('install', () => void worker.skipWaiting());
worker.addEventListener('activate', (event) =>
  (event as ExtendableEventLike).waitUntil(worker.clients.claim()),
);

worker.addEventListener('push', (event) => {
  const push = event as PushEventLike;
  push.waitUntil(showAndAnnounce(payloadOf(push)));
});

worker.addEventListener('notificationclick', (event) => {
  const click = event as NotificationClickEventLike;
  click.notification.close();
  const { url } = (click.notification.data ?? {}) as { url?: string };
  if (url) click.waitUntil(worker.clients.openWindow(url));
});

async function showAndAnnounce(payload: PushPayload): Promise<void> {
  const pages = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  pages.forEach((page) => page.postMessage({ type: 'clarion:push', payload }));
  await worker.registration.showNotification(payload.title, {
    body: payload.message,
    icon: payload.icon,
    tag: payload.trackingId,
    data: { url: payload.url, trackingId: payload.trackingId },
  });
}

/** A push that is not Clarion's JSON still shows, with its text as the title. */
function payloadOf(push: PushEventLike): PushPayload {
  if (!push.data) return { title: 'New notification' };
  try {
    const parsed = push.data.json() as Partial<PushPayload>;
    return { ...parsed, title: parsed.title ?? 'New notification' };
  } catch {
    return { title: push.data.text() };
  }
}
