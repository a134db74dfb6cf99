/** An error smtp-server answers the client with: `<code> <enhanced status> <text>`. */
export function smtpReply(responseCode: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode });
}
