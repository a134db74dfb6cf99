import { stopSharedSystems } from './shared-systems.mjs';

export default async function globalTeardown() {
  const infra = globalThis.__clarionInfra;
  globalThis.__clarionInfra = undefined;
  // The shared systems use the infrastructure: they stop first.
  await stopSharedSystems();
  await infra?.stop();
}
