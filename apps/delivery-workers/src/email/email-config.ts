/** How the email adapter reaches its SMTP relay and builds its links. */
export interface EmailConfig {
  /** `smtp://user:pass@host:587` or `smtps://…:465`. */
  smtpUrl: string;
  /** The built-in sender, used when the send asks for an address on an unverified domain. */
  defaultFrom: { name: string; address: string };
  /** Domains the operator may send from (a subdomain of one is allowed too). */
  verifiedDomains: string[];
  /** The gateway's public base URL, for the open pixel, click and unsubscribe links. */
  publicUrl: string;
  /** HMAC secret of the tracking tokens (the gateway verifies them with the same one). */
  trackingSecret: string;
  /** The operator's bounce host: the return path of mail not from a verified sender domain. */
  returnPathHost: string;
  /** Pooled SMTP connections the worker keeps open. */
  maxConnections: number;
}
