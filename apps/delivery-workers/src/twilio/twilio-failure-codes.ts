/**
 * Twilio error codes that the logs record as they are (`sms_failed_code`, `call_failed_code`);
 * every other Twilio code is recorded as `Unknown`.
 */
const RECORDED_TWILIO_CODES: ReadonlySet<string> = new Set([
  '13224', // a call to an invalid or unsupported number
  '21211', // invalid 'To' phone number
  '21215', // the account may not call this destination (geo permissions)
  '21265', // 'To' number cannot be a short code
  '21610', // the recipient replied STOP: unsubscribed
  '21612', // 'To' number is not reachable from the 'From' number
  '21614', // 'To' number is not a mobile number
  '30005', // unknown destination handset
  '30006', // landline or unreachable carrier
  '30007', // filtered by the carrier
  '30008', // unknown error of the carrier
  // The rest are recorded as-is by the log contract too.
  '30453',
  '40001',
  '40002',
  '40300',
]);

export const UNKNOWN_FAILED_CODE = 'Unknown';

/** The log's failed code for a Twilio error code (a number, a numeric string, or nothing). */
export function failedCodeOf(twilioCode: number | string | undefined): string {
  if (twilioCode === undefined) return UNKNOWN_FAILED_CODE;
  const code = String(twilioCode).trim();
  return RECORDED_TWILIO_CODES.has(code) ? code : UNKNOWN_FAILED_CODE;
}
