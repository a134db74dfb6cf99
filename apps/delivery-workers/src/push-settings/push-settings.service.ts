import { createPrivateKey } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  PushSettingsResponseDto,
  SaveApnSettingsRequest,
  SaveFcmSettingsRequest,
  TenantScope,
  ValidationFailedError,
} from '@clarion/contracts';
import { describeError } from '../delivery/describe-error';
import { fcmCredentialsOf } from '../mobile-push/push-credentials';
import {
  PushCredentialsRepository,
  PushProvider,
  StoredPushCredentials,
} from './push-credentials.repository';

/** FCM and APNs credentials of an environment: checked before they are stored, never read back. */
@Injectable()
export class PushSettingsService {
  constructor(private readonly credentials: PushCredentialsRepository) {}

  async get(scope: TenantScope, provider: PushProvider): Promise<PushSettingsResponseDto> {
    const stored = await this.credentials.find(scope.envId, provider);
    return responseOf(provider, stored);
  }

  async saveFcm(request: SaveFcmSettingsRequest): Promise<PushSettingsResponseDto> {
    let credentials;
    try {
      credentials = fcmCredentialsOf(request.serviceAccount);
      createPrivateKey(credentials.privateKey);
    } catch (error) {
      throw new ValidationFailedError(
        `serviceAccount is not a usable Google service-account key: ${describeError(error)}`,
        'Upload the JSON key file of a service account of the Firebase project (IAM → Service accounts → Keys).',
      );
    }
    await this.credentials.save(request, 'fcm', { ...credentials });
    return this.get(request, 'fcm');
  }

  async saveApn(request: SaveApnSettingsRequest): Promise<PushSettingsResponseDto> {
    const key = (() => {
      try {
        return createPrivateKey(request.privateKey);
      } catch (error) {
        throw new ValidationFailedError(
          `privateKey is not a PEM private key: ${describeError(error)}`,
          'Paste the whole contents of the .p8 file, including the BEGIN and END lines.',
        );
      }
    })();
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
      throw new ValidationFailedError(
        'privateKey must be an APNs authentication key (EC P-256)',
        'Create a key with the Apple Push Notifications service enabled and upload its .p8 file.',
      );
    }
    const { teamId, keyId, bundleId, privateKey } = request;
    await this.credentials.save(request, 'apn', { teamId, keyId, bundleId, privateKey });
    return this.get(request, 'apn');
  }

  remove(scope: TenantScope, provider: PushProvider): Promise<void> {
    return this.credentials.remove(scope, provider);
  }
}

/**
 * What GET answers: whether credentials are set and their public parts, also in the fields of
 * the hosted service's SDK (fcmConfig; KeyId, TeamId, Topic, and Key, which stays empty).
 */
function responseOf(
  provider: PushProvider,
  stored: StoredPushCredentials | undefined,
): PushSettingsResponseDto {
  const { projectId, clientEmail, teamId, keyId, bundleId } = stored?.credentials ?? {};
  const configured = { configured: stored !== undefined, updatedAt: stored?.updatedAt };
  switch (provider) {
    case 'fcm':
      return {
        ...configured,
        projectId,
        clientEmail,
        fcmConfig: JSON.stringify(
          stored
            ? { type: 'service_account', project_id: projectId, client_email: clientEmail }
            : {},
        ),
      };
    case 'apn':
      return {
        ...configured,
        teamId,
        keyId,
        bundleId,
        KeyId: keyId ?? '',
        Key: '',
        TeamId: teamId ?? '',
        Topic: bundleId ?? '',
      };
  }
}
