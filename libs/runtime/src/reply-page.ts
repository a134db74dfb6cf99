/**
 * How much of a list one reply carries: below a NATS message (1 MB by default) with room for
 * the envelope, so paged lists never need the reply store however large their entries are.
 */
export const REPLY_PAGE_BYTES = 768 * 1024;

/**
 * The longest start of `items` whose JSON fits in `budgetBytes`; always at least the first item,
 * so that a client paging through a list moves on even past one entry larger than the budget.
 */
export function fitReplyPage<T>(items: readonly T[], budgetBytes = REPLY_PAGE_BYTES): T[] {
  let used = 2;
  for (let i = 0; i < items.length; i++) {
    used += Buffer.byteLength(JSON.stringify(items[i])) + 1;
    if (used > budgetBytes && i > 0) return items.slice(0, i);
  }
  return [...items];
}
