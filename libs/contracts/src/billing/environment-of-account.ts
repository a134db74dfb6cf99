import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AccountScope } from './principal';

/** An environment named by a caller (the envId parameter), looked up within one account. */
export class EnvironmentOfAccountRequest extends AccountScope {
  /** The environment's clientId (as GET /environments lists it) or its envId (as records carry it). */
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  envId!: string;
}

/** The two names of one environment of an account. */
export interface EnvironmentIdentity {
  envId: string;
  clientId: string;
}
