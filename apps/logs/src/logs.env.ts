import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class LogsEnv extends withHealthPort(DatabaseEnv, 3104) {}
