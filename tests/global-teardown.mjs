export default async function globalTeardown() {
  const infra = globalThis.__clarionInfra;
  globalThis.__clarionInfra = undefined;
  await infra?.stop();
}
