/** TRUST_PROXY as Fastify's trustProxy: a boolean, a number of hops, or proxy addresses/CIDRs. */
export function trustProxyOf(setting: string): boolean | number | string {
  if (setting === 'true') return true;
  if (setting === 'false') return false;
  return /^\d+$/.test(setting) ? Number(setting) : setting;
}
