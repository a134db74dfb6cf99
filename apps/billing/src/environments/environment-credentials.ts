import { CLIENT_ID_RANDOM_LENGTH, regionMarkedClientId } from '@clarion/contracts';
import { randomToken } from '../api-keys/api-key-secret';

/**
 * A fresh clientId (public, `<region>_<24 random>` so any region's gateway can tell where it
 * belongs) and clientSecret (signs end-user hmacs) for an environment.
 */
export function newEnvironmentCredentials(region: string): {
  clientId: string;
  clientSecret: string;
} {
  return {
    clientId: regionMarkedClientId(region, randomToken(CLIENT_ID_RANDOM_LENGTH)),
    clientSecret: newClientSecret(),
  };
}

export function newClientSecret(): string {
  return randomToken(48);
}
