import { BlockList, isIP } from 'node:net';
import { parseAddress, ParsedAddress } from './ip-address';

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
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard-only
  ['2001::', 32, 'ipv6'], // Teredo: its IPv4 addresses are obfuscated, so none is let through
  ['2001:2::', 48, 'ipv6'], // benchmarking
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['3fff::', 20, 'ipv6'], // documentation
  ['5f00::', 16, 'ipv6'], // segment routing
  ['fc00::', 7, 'ipv6'], // unique local, including fd00:ec2::254 (metadata)
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

/**
 * Decides which resolved addresses outbound requests may connect to. An IPv6 address that
 * carries an IPv4 address (mapped, compatible, translated, NAT64, 6to4) is judged as both.
 */
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
    const parsed = parseAddress(address);
    if (parsed === undefined) return `${address} is not an IP address`;
    const spellings = spellingsOf(parsed);
    // The allow list names hosts: 127.0.0.0/8 lets ::ffff:127.0.0.1 through as it always did, and
    // every other IPv6 form of those IPv4 addresses alike; ::1 stays a host of its own.
    if (spellings.some(([candidate, family]) => this.allowed.check(candidate, family))) {
      return undefined;
    }
    if (spellings.some(([candidate, family]) => this.refused.check(candidate, family))) {
      return `${address} is a private, loopback, link-local or reserved address`;
    }
    return undefined;
  }
}

function spellingsOf(parsed: ParsedAddress): [string, 'ipv4' | 'ipv6'][] {
  const own: [string, 'ipv4' | 'ipv6'] = [parsed.address, parsed.family];
  return parsed.embeddedIpv4 === undefined ? [own] : [own, [parsed.embeddedIpv4, 'ipv4']];
}
