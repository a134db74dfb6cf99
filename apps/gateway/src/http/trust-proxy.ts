/** Which peers Fastify takes X-Forwarded-For from: the address and its hop (0: the connection). */
export type TrustedHop = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify's trustProxy: a boolean, a number of hops, or proxy addresses/CIDRs. A
 * number trusts that many proxies in front of the gateway, whatever their address (`1`: one
 * ingress), so the client is that many entries from the end of X-Forwarded-For. It is given to
 * Fastify as a function: since 5.12 Fastify ignores a bare hop count (it cannot check the peer).
 */
export function trustProxyOf(setting: string): boolean | string | TrustedHop {
  if (setting === 'true') return true;
  if (setting === 'false') return false;
  if (!/^\d+$/.test(setting)) return setting;
  const hops = Number(setting);
  return (_address, hop) => hop < hops;
}
