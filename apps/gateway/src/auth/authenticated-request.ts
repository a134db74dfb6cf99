import { Principal } from '@clarion/contracts';

/** The end user an in-app call acts for. */
export interface EndUser {
  accountId: string;
  envId: string;
  userId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
    endUser?: EndUser;
  }
}
