import { Channel, MobilePushDeliveryJob, PushTokenDto, SendOptionsDto } from '@clarion/contracts';
import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { AttemptContext } from '../../delivery/provider-outcome';
import { ApnCredentials, FcmCredentials } from '../push-credentials';

/** A mobile push job as the send pipeline renders it. */
export function mobilePushJobOf(options?: SendOptionsDto): MobilePushDeliveryJob {
  return {
    trackingId: 'trk-1',
    accountId: 'acc-1',
    envId: 'env-1',
    channel: Channel.PUSH,
    notificationId: 'welcome',
    recipient: { id: 'user-1' },
    content: { title: 'Welcome', message: 'Your account is ready' },
    ...(options ? { options } : {}),
    receivedAt: new Date().toISOString(),
  };
}

export function pushTokenOf(
  type: PushTokenDto['type'],
  token: string,
  environment?: PushTokenDto['environment'],
): PushTokenDto {
  return {
    type,
    token,
    device: { device_id: 'device-1', platform: type === 'APN' ? 'ios' : 'android' },
    ...(environment ? { environment } : {}),
  };
}

export function attemptOf(idempotencyKey: string, attempt = 1): AttemptContext {
  return { idempotencyKey, attempt };
}

/** A fresh Google service account: the credentials FCM takes and the key to verify them. */
export function serviceAccountOf(clientEmail = 'fcm@clarion-test.iam.gserviceaccount.com'): {
  credentials: FcmCredentials;
  publicKey: KeyObject;
} {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return { credentials: { projectId: 'clarion-test', clientEmail, privateKey: pem }, publicKey };
}

/** A fresh APNs auth key (.p8): the credentials APNs takes and the key to verify them. */
export function apnsKeyOf(): { credentials: ApnCredentials; publicKey: KeyObject } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  return {
    credentials: {
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: pem,
      bundleId: 'com.example.app',
    },
    publicKey,
  };
}
