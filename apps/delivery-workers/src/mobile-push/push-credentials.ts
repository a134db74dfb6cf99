/** What FcmAdapter needs of a Google service account (its JSON key file). */
export interface FcmCredentials {
  projectId: string;
  clientEmail: string;
  /** PKCS#8 PEM of the service account's RSA key. */
  privateKey: string;
}

/** An APNs authentication key (.p8) and the app it sends to. */
export interface ApnCredentials {
  teamId: string;
  keyId: string;
  /** PKCS#8 PEM of the EC P-256 key, as downloaded from Apple (.p8). */
  privateKey: string;
  /** The app's bundle id, sent as apns-topic. */
  bundleId: string;
}

/** Where the mobile push adapters find their providers. */
export interface MobilePushConfig {
  /** FCM HTTP v1 base URL, default https://fcm.googleapis.com. */
  fcmBaseUrl: string;
  /** Google's OAuth 2.0 token endpoint, default https://oauth2.googleapis.com/token. */
  googleOAuthTokenUrl: string;
  /**
   * When set (e.g. https://127.0.0.1:8443), used for both APNs environments; otherwise
   * api.sandbox.push.apple.com or api.push.apple.com by the push token's environment.
   */
  apnsHost?: string;
  /** How long one provider request may take before it is retried later; default 15 s. */
  requestTimeoutMs?: number;
}

export const defaultMobilePushConfig: MobilePushConfig = {
  fcmBaseUrl: 'https://fcm.googleapis.com',
  googleOAuthTokenUrl: 'https://oauth2.googleapis.com/token',
};

export const DEFAULT_PUSH_REQUEST_TIMEOUT_MS = 15_000;

const serviceAccountFields = {
  projectId: 'project_id',
  clientEmail: 'client_email',
  privateKey: 'private_key',
} as const;

/**
 * Reads the fields FCM needs from a Google service-account key, given as its JSON text or as
 * the parsed object; throws naming the first field that is missing or not a string.
 */
export function fcmCredentialsOf(serviceAccountJson: unknown): FcmCredentials {
  const serviceAccount = parsedServiceAccount(serviceAccountJson);
  const valueOf = (field: string): string => {
    const value = serviceAccount[field];
    if (typeof value !== 'string' || value.trim() === '') {
      throw new Error(`FCM service account JSON has no ${field}`);
    }
    return value;
  };
  return {
    projectId: valueOf(serviceAccountFields.projectId),
    clientEmail: valueOf(serviceAccountFields.clientEmail),
    privateKey: valueOf(serviceAccountFields.privateKey),
  };
}

function parsedServiceAccount(serviceAccountJson: unknown): Record<string, unknown> {
  let parsed: unknown = serviceAccountJson;
  if (typeof serviceAccountJson === 'string') {
    try {
      parsed = JSON.parse(serviceAccountJson);
    } catch {
      throw new Error('FCM service account JSON is not valid JSON');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('FCM service account JSON is not an object');
  }
  return parsed as Record<string, unknown>;
}
