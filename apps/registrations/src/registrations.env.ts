import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class RegistrationsEnv extends withHealthPort(DatabaseEnv, 3107) {}
