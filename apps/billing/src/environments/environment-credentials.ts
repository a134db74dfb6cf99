import { randomToken } from '../api-keys/api-key-secret';

/** A fresh clientId (public) and clientSecret (signs end-user hmacs) for an environment. */
export function newEnvironmentCredentials(): { clientId: string; clientSecret: string } {
  return { clientId: randomToken(24), clientSecret: randomToken(48) };
}
