export type SmsKeyword = 'STOP' | 'START' | 'HELP';

/** Twilio's default opt-out, opt-in and help keywords (Advanced Opt-Out defaults). */
const KEYWORDS: ReadonlyMap<string, SmsKeyword> = new Map<string, SmsKeyword>([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'].map(
    (word) => [word, 'STOP'] as const,
  ),
  ...['START', 'YES', 'UNSTOP'].map((word) => [word, 'START'] as const),
  ...['HELP', 'INFO'].map((word) => [word, 'HELP'] as const),
]);

/** The keyword an inbound text is, when its whole trimmed body is one (any case). */
export function smsKeywordOf(body: string): SmsKeyword | undefined {
  return KEYWORDS.get(body.trim().toUpperCase());
}
