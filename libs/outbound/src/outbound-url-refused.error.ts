/** A URL the service must not call on a customer's behalf (scheme, or where its host resolves). */
export class OutboundUrlRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string,
  ) {
    super(`Refused to call ${url}: ${reason}`);
    this.name = 'OutboundUrlRefusedError';
  }
}
