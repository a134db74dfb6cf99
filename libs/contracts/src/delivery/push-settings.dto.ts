import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, Matches } from 'class-validator';
import { TenantScope } from '../common/tenant-scope';
import { IsPlainObject } from '../validation/is-plain-object.decorator';

/** PUT /settings/push/fcm: the Firebase project's service-account key file, as downloaded. */
export class FcmSettingsDto {
  @ApiProperty({
    description: 'The service-account JSON (project_id, client_email, private_key, …)',
    type: Object,
    example: {
      type: 'service_account',
      project_id: 'acme-app',
      client_email: 'clarion@acme-app.iam.gserviceaccount.com',
      private_key: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----\n',
    },
  })
  @IsPlainObject()
  serviceAccount!: Record<string, unknown>;
}

/** PUT /settings/push/apn: an APNs authentication key (.p8) and the app it signs for. */
export class ApnSettingsDto {
  @ApiProperty({ example: 'ABCDE12345' })
  @Matches(/^[A-Z0-9]{10}$/, { message: 'teamId must be the 10-character Apple team ID' })
  teamId!: string;

  @ApiProperty({ example: 'KEY1234567' })
  @Matches(/^[A-Z0-9]{10}$/, { message: 'keyId must be the 10-character key ID of the .p8 key' })
  keyId!: string;

  @ApiProperty({ example: 'com.example.app' })
  @IsString()
  @IsNotEmpty()
  bundleId!: string;

  @ApiProperty({
    description: 'Contents of the .p8 file (PEM)',
    example: '-----BEGIN PRIVATE KEY-----\n…\n-----END PRIVATE KEY-----',
  })
  @IsString()
  @IsNotEmpty()
  privateKey!: string;
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
}
