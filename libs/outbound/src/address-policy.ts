import { BlockList, isIP } from 'node:net';

/** Ranges a customer's URL may never reach unless the operator allows them (OUTBOUND_ALLOW_CIDRS). */
const REFUSED_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network"
  ['10.0.0.0', 8, 'ipv4'], // private
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT
  ['127.0.0.0', 8, 'ipv4'], // loopback
  ['169.254.0.0', 16, 'ipv4'], // link-local, including the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12, 'ipv4'], // private
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.168.0.0', 16, 'ipv4'], // private
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved and broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['fc00::', 7, 'ipv6'], // unique local, including fd00:ec2::254 (metadata)
  ['fe80::', 10, 'ipv6'], // link-local
  ['ff00::', 8, 'ipv6'], // multicast
];

/** Decides which resolved addresses outbound requests may connect to. */
export class AddressPolicy {
  private readonly refused = new BlockList();
  private readonly allowed = new BlockList();

  /** @param allowCidrs ranges the operator lets through even though they are refused by default. */
  constructor(allowCidrs: readonly string[] = []) {
    for (const [network, prefix, family] of REFUSED_RANGES) {
      this.refused.addSubnet(network, prefix, family);
    }
    for (const cidr of allowCidrs) {
      const [network = '', prefix] = cidr.trim().split('/');
      if (isIP(network) === 0) {
        throw new Error(`OUTBOUND_ALLOW_CIDRS: ${cidr} is not an address range`);
      }
      const family = isIP(network) === 6 ? 'ipv6' : 'ipv4';
      const bits = prefix === undefined ? (family === 'ipv6' ? 128 : 32) : Number(prefix);
      this.allowed.addSubnet(network, bits, family);
    }
  }

  /** Parses OUTBOUND_ALLOW_CIDRS (comma-separated, empty by default). */
  static fromAllowList(value: string | undefined): AddressPolicy {
    const cidrs = (value ?? '')
      .split(',')
      .map((cidr) => cidr.trim())
      .filter(Boolean);
    return new AddressPolicy(cidrs);
  }

  /** Why the address is refused, or undefined when it may be reached. */
  refusalOf(address: string): string | undefined {
    const [candidate, family] = unwrapMappedIpv4(address);
    if (family === undefined) return `${address} is not an IP address`;
    if (this.allowed.check(candidate, family)) return undefined;
    if (this.refused.check(candidate, family)) {
      return `${address} is a private, loopback, link-local or reserved address`;
    }
    return undefined;
  }
}

/** `::ffff:10.0.0.1` and NAT64 `64:ff9b::a00:1` reach IPv4 hosts: judge the IPv4 address. */
function unwrapMappedIpv4(address: string): [string, 'ipv4' | 'ipv6' | undefined] {
  const version = isIP(address);
  if (version === 4) return [address, 'ipv4'];
  if (version !== 6) return [address, undefined];
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1] !== undefined) return [dotted[1], 'ipv4'];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] !== undefined && hex[2] !== undefined) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return [`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4'];
  }
  return [address, 'ipv6'];
}
