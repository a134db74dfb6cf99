/** A failure as one line for logs and dead-letter reasons. */
export function describeFailure(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
