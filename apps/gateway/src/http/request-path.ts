/**
 * The path of a request URL, without its query string: what logs and error messages may quote.
 * A query can carry credentials (GET /user/inapp/stream?token=…), so none is ever logged.
 */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
