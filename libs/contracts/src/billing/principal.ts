import { IsNotEmpty, IsString, IsUUID, Matches } from 'class-validator';
import { Channel } from '../common/channel.enum';
import { AccountStatus } from './account-response.dto';

/** Who an API key or client credential speaks for. */
export interface Principal {
  accountId: string;
  envId: string;
  clientId: string;
  keyId?: string;
  /** Public keys may only be used where a browser could hold them; not set for client credentials. */
  keyType?: 'secret' | 'public';
  accountStatus: AccountStatus;
  /** Usage of the cycle has reached the account's cost cap: sends answer 402. */
  usageLimited: boolean;
  /** Set when a member signed in with a session token. */
  member?: { profileId: string; role: string };
}

/** An environment as the gateway needs it to authenticate end users. */
export interface ClientEnvironment {
  accountId: string;
  envId: string;
  clientId: string;
  clientSecret: string;
  secureMode: boolean;
  disableSending: Channel[];
  accountStatus: AccountStatus;
  usageLimited: boolean;
}

export class ResolveApiKeyRequest {
  /** Hex SHA-256 of the presented key; the key itself never leaves the gateway. */
  @Matches(/^[0-9a-f]{64}$/)
  keyHash!: string;
}

export class ResolveClientRequest {
  @IsString()
  @IsNotEmpty()
  clientId!: string;
}

export class AccountScope {
  @IsUUID()
  accountId!: string;
}

export class ProfileScope {
  @IsUUID()
  profileId!: string;
}
