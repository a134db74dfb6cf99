/** A callback Clarion has no use for, or cannot read. */
export interface IgnoredCallback {
  type: 'ignored';
  reason: string;
}

/** SIDs are Twilio's `SM…`/`CA…`; compatible providers use other ids (UUIDs), so stay lenient. */
const SID = /^[A-Za-z0-9_-]{1,64}$/;

export function isReadableSid(sid: string | undefined): sid is string {
  return sid !== undefined && SID.test(sid);
}

export function ignored(reason: string): IgnoredCallback {
  return { type: 'ignored', reason };
}
