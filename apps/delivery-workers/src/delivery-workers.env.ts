import { BaseEnv, withHealthPort } from '@clarion/config';

export class DeliveryWorkersEnv extends withHealthPort(BaseEnv, 3103) {}
