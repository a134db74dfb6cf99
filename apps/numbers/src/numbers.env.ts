import { DatabaseEnv, withHealthPort } from '@clarion/config';

export class NumbersEnv extends withHealthPort(DatabaseEnv, 3105) {}
