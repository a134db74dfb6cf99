import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { InboxClient, InboxClientOptions, InboxCredentials, InboxState } from '@clarion/inbox';

export interface UseInboxResult {
  state: InboxState;
  /** The actions: markRead, markAllRead, archive, action, reply, loadMore, setPreference… */
  client: InboxClient;
}

/**
 * The inbox of one end user as React state: one InboxClient per credentials, started while the
 * component is mounted (the realtime stream closes on unmount), read through
 * useSyncExternalStore so every update of the core re-renders exactly once.
 */
export function useInbox(
  credentials: InboxCredentials,
  options: InboxClientOptions = {},
): UseInboxResult {
  const { apiUrl, clientId, userId, hmac } = credentials;
  const { pageSize, realtime } = options;
  const client = useMemo(
    () => new InboxClient({ apiUrl, clientId, userId, hmac }, { pageSize, realtime }),
    [apiUrl, clientId, userId, hmac, pageSize, realtime],
  );
  useEffect(() => {
    void client.start();
    return () => client.stop();
  }, [client]);
  const state = useSyncExternalStore(
    (onChange) => client.subscribe(() => onChange()),
    () => client.state,
  );
  return { state, client };
}
