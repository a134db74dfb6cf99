import { generateVAPIDKeys } from 'web-push';

/** An application server's VAPID key pair (RFC 8292), URL-safe base64 as web-push writes it. */
export interface VapidKeys {
  /** The uncompressed P-256 public key, the browser's `applicationServerKey`. */
  publicKey: string;
  privateKey: string;
}

/** A new VAPID key pair, for an environment that starts sending web push. */
export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateVAPIDKeys();
  return { publicKey, privateKey };
}
