/** An attachment that could not be added: `retryable` when a later attempt may succeed. */
export class EmailAttachmentError extends Error {
  constructor(
    readonly reason: string,
    readonly retryable: boolean,
  ) {
    super(reason);
    this.name = 'EmailAttachmentError';
  }
}
