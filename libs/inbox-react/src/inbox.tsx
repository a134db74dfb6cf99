import '@clarion/inbox';
import { createElement, CSSProperties, useEffect, useRef } from 'react';
import { InboxClickDetail, InboxCredentials, InboxNotification } from '@clarion/inbox';

export interface InboxProps extends InboxCredentials {
  theme?: 'auto' | 'light' | 'dark';
  pageSize?: number;
  /** Show the panel in the page (no dropdown). */
  inline?: boolean;
  /** Channels the preferences panel offers for each notification type (default INAPP_WEB). */
  preferenceChannels?: string[];
  /** The Clarion service worker on your origin, for the web push opt-in. */
  serviceWorkerUrl?: string;
  /** An entry was clicked; return false to stay instead of following its redirectURL. */
  onNotificationClick?: (notification: InboxNotification) => boolean | void;
  className?: string;
  /** CSS variables (--clarion-inbox-accent …) and other styles of the element. */
  style?: CSSProperties;
}

/**
 * The complete inbox (bell, dropdown list, preferences, web push opt-in): the `<clarion-inbox>`
 * element of @clarion/inbox rendered by React, so both look and behave the same.
 */
export function Inbox(props: InboxProps) {
  const element = useRef<HTMLElement>(null);
  const onClick = useRef(props.onNotificationClick);
  onClick.current = props.onNotificationClick;
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const listener = (event: Event) => {
      const { notification } = (event as CustomEvent<InboxClickDetail>).detail;
      if (onClick.current?.(notification) === false) event.preventDefault();
    };
    target.addEventListener('clarion-inbox:click', listener);
    return () => target.removeEventListener('clarion-inbox:click', listener);
  }, []);
  return createElement('clarion-inbox', {
    ref: element,
    'api-url': props.apiUrl,
    'client-id': props.clientId,
    'user-id': props.userId,
    hmac: props.hmac,
    theme: props.theme,
    'page-size': props.pageSize,
    inline: props.inline ? '' : undefined,
    'preference-channels': props.preferenceChannels?.join(','),
    'service-worker-url': props.serviceWorkerUrl,
    class: props.className,
    style: props.style,
  });
}
