import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class BillingEnv extends withHealthPort(DatabaseEnv, 3101) {}
