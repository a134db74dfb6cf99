import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class VoiceEnv extends withHealthPort(DatabaseEnv, 3106) {}
