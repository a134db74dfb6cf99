import { Provider } from '@nestjs/common';

/**
 * The region this billing deployment serves (CLARION_REGION): the accounts it creates belong to
 * it, and every credential it issues says so.
 */
export class DeploymentRegion {
  constructor(readonly id: string) {}
}

export function deploymentRegionProvider(region: string): Provider {
  return { provide: DeploymentRegion, useValue: new DeploymentRegion(region) };
}
