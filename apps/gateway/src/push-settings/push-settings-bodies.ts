import {
  ApnSettingsDto,
  FcmSettingsDto,
  apnSettingsInSdkNames,
  ValidationFailedError,
} from '@clarion/contracts';

const FCM_FIX =
  "Send the Firebase service account's key file: as serviceAccount (the object) or fcmConfig (its text).";

/** The service account of a PUT /settings/push/fcm body, given as an object or as its text. */
export function serviceAccountOf(body: FcmSettingsDto): Record<string, unknown> {
  if (body.fcmConfig === undefined) return body.serviceAccount ?? {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.fcmConfig);
  } catch {
    throw new ValidationFailedError('fcmConfig is not valid JSON', FCM_FIX);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ValidationFailedError('fcmConfig must be the JSON text of an object', FCM_FIX);
  }
  return parsed as Record<string, unknown>;
}

export interface ApnKey {
  teamId: string;
  keyId: string;
  bundleId: string;
  privateKey: string;
}

/** The key of a PUT /settings/push/apn body, in Clarion's names or the hosted service's. */
export function apnKeyOf(body: ApnSettingsDto): ApnKey {
  const sdk = apnSettingsInSdkNames(body);
  return {
    teamId: present(sdk ? body.TeamId : body.teamId, sdk ? 'TeamId' : 'teamId'),
    keyId: present(sdk ? body.KeyId : body.keyId, sdk ? 'KeyId' : 'keyId'),
    bundleId: present(sdk ? body.Topic : body.bundleId, sdk ? 'Topic' : 'bundleId'),
    privateKey: present(sdk ? body.Key : body.privateKey, sdk ? 'Key' : 'privateKey'),
  };
}

/** Validation has required the field already; this only tells the compiler so. */
function present(value: string | undefined, name: string): string {
  if (value === undefined) throw new ValidationFailedError(`${name} is required`);
  return value;
}
