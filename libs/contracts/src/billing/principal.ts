import { IsNotEmpty, IsString, IsUUID, Matches } from 'class-validator';
import { Channel } from '../common/channel.enum';

/** Who an API key or client credential speaks for. */
export interface Principal {
  accountId: string;
  envId: string;
  clientId: string;
  keyId?: string;
  /** Public keys may only be used where a browser could hold them; not set for client credentials. */
  keyType?: 'secret' | 'public';
}

/** An environment as the gateway needs it to authenticate end users. */
export interface ClientEnvironment {
  accountId: string;
  envId: string;
  clientId: string;
  clientSecret: string;
  secureMode: boolean;
  disableSending: Channel[];
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
