import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, Matches, ValidateIf } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/**
 * PUT /settings/push/fcm: the Firebase project's service-account key file, as downloaded: as an
 * object (serviceAccount), or as its text (fcmConfig, which the hosted service's SDK sends).
 */
export class FcmSettingsDto {
  @ApiProperty({
    description:
      "The service-account JSON (project_id, client_email, private_key, …). The hosted service's SDK sends it as fcmConfig, its JSON text, which is accepted instead.",
    type: Object,
    example: {
      type: 'service_account',
      project_id: 'acme-app',
      client_email: 'clarion@acme-app.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n',
    },
  })
  @ValidateIf((o: FcmSettingsDto) => o.fcmConfig === undefined)
  @IsPlainObject()
  serviceAccount?: Record<string, unknown>;

  /** The same JSON as text (the hosted service's PushSettingsFCMPutRequest). */
  @ApiHideProperty()
  @ValidateIf((o: FcmSettingsDto) => o.fcmConfig !== undefined)
  @IsString()
  @IsNotEmpty()
  fcmConfig?: string;
}

const APN_SDK_FIELDS = ['KeyId', 'Key', 'TeamId', 'Topic'];

/** An APNs settings body names its fields as the hosted service's SDK does (APNConfig). */
export function apnSettingsInSdkNames(body: object): boolean {
  // A validated instance has every declared field, so "given" means not undefined.
  return APN_SDK_FIELDS.some((field) => (body as Record<string, unknown>)[field] !== undefined);
}

const TEAM_ID = /^[A-Z0-9]{10}$/;
const KEY_ID = /^[A-Z0-9]{10}$/;

const SDK_NAMES =
  "The hosted service's SDK names the fields TeamId, KeyId, Topic and Key, which are accepted instead.";

/**
 * PUT /settings/push/apn: an APNs authentication key (.p8) and the app it signs for, named
 * teamId, keyId, bundleId and privateKey, or as the hosted service's SDK names them (TeamId,
 * KeyId, Topic and Key; documented on teamId only, so that examples show one form).
 */
export class ApnSettingsDto {
  @ApiProperty({ example: 'ABCDE12345', description: SDK_NAMES })
  @ValidateIf((o: object) => !apnSettingsInSdkNames(o))
  @Matches(TEAM_ID, { message: 'teamId must be the 10-character Apple team ID' })
  teamId?: string;

  @ApiProperty({ example: 'KEY1234567' })
  @ValidateIf((o: object) => !apnSettingsInSdkNames(o))
  @Matches(KEY_ID, { message: 'keyId must be the 10-character key ID of the .p8 key' })
  keyId?: string;

  @ApiProperty({ example: 'com.example.app' })
  @ValidateIf((o: object) => !apnSettingsInSdkNames(o))
  @IsString()
  @IsNotEmpty()
  bundleId?: string;

  @ApiProperty({
    description: 'Contents of the .p8 file (PEM)',
    example: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----',
  })
  @ValidateIf((o: object) => !apnSettingsInSdkNames(o))
  @IsString()
  @IsNotEmpty()
  privateKey?: string;

  @ApiHideProperty()
  @ValidateIf(apnSettingsInSdkNames)
  @Matches(TEAM_ID, { message: 'TeamId must be the 10-character Apple team ID' })
  TeamId?: string;

  @ApiHideProperty()
  @ValidateIf(apnSettingsInSdkNames)
  @Matches(KEY_ID, { message: 'KeyId must be the 10-character key ID of the .p8 key' })
  KeyId?: string;

  @ApiHideProperty()
  @ValidateIf(apnSettingsInSdkNames)
  @IsString()
  @IsNotEmpty()
  Topic?: string;

  @ApiHideProperty()
  @ValidateIf(apnSettingsInSdkNames)
  @IsString()
  @IsNotEmpty()
  Key?: string;
}

export const PUSH_PROVIDERS = ['fcm', 'apn'] as const;
export type PushProviderName = (typeof PUSH_PROVIDERS)[number];

export class PushSettingsRef extends TenantScope {
  @IsIn(PUSH_PROVIDERS)
  provider!: PushProviderName;
}

export class SaveFcmSettingsRequest extends TenantScope {
  @IsPlainObject()
  serviceAccount!: Record<string, unknown>;
}

export class SaveApnSettingsRequest extends TenantScope {
  @IsString()
  teamId!: string;

  @IsString()
  keyId!: string;

  @IsString()
  bundleId!: string;

  @IsString()
  privateKey!: string;
}

/** What GET /settings/push/{fcm|apn} answers: never the private key. */
export class PushSettingsResponseDto {
  @ApiProperty()
  configured!: boolean;

  @ApiPropertyOptional({ description: 'FCM: the Firebase project' })
  projectId?: string;

  @ApiPropertyOptional({ description: 'FCM: the service account' })
  clientEmail?: string;

  @ApiPropertyOptional()
  teamId?: string;

  @ApiPropertyOptional()
  keyId?: string;

  @ApiPropertyOptional()
  bundleId?: string;

  @ApiPropertyOptional()
  updatedAt?: string;

  @ApiPropertyOptional({
    description:
      "FCM, as the hosted service's SDK reads it: the service account's JSON text without its private key; '{}' when none is set.",
  })
  fcmConfig?: string;

  @ApiPropertyOptional({ description: "APNs, as the hosted service's SDK reads it: keyId" })
  KeyId?: string;

  @ApiPropertyOptional({ description: 'APNs: always empty, the private key is never read back' })
  Key?: string;

  @ApiPropertyOptional({ description: 'APNs: teamId' })
  TeamId?: string;

  @ApiPropertyOptional({ description: 'APNs: bundleId' })
  Topic?: string;
}
