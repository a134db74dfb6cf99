import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class NotificationsEnv extends withHealthPort(DatabaseEnv, 3102) {}
