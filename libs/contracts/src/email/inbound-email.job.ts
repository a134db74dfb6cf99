/**
 * A message Clarion's SMTP listener accepted (`delivery.email-inbound`): the bytes are in the blob
 * store under `blob`, the job carries the SMTP envelope. delivery-workers read it later and turn it
 * into events: a reply or a message to an inbox (EMAIL_INBOUND), or a bounce, delivery receipt or
 * complaint about a message Clarion sent.
 */
export interface InboundEmailJob {
  /** Name of the raw message (RFC 5322 bytes) in the blob store. */
  blob: string;
  /** The envelope sender (MAIL FROM); empty for bounces and delivery reports (`<>`). */
  mailFrom: string;
  /** The envelope recipients the listener accepted (RCPT TO), lowercased. */
  recipients: string[];
  /** When the listener accepted the message (ISO 8601). */
  receivedAt: string;
  /** The size of the message in bytes. */
  size: number;
  /** The address of the client that handed the message over. */
  remoteAddress?: string;
}
