import { isIPv4, isIPv6 } from 'node:net';

/** An address as the policy judges it: IPv4 as dotted quad, IPv6 as eight plain hex groups. */
export interface ParsedAddress {
  family: 'ipv4' | 'ipv6';
  address: string;
  /** The IPv4 address an IPv6 address carries (mapped, compatible, translated, NAT64, 6to4). */
  embeddedIpv4?: string;
}

/**
 * Reads an address in any spelling: IPv4, or IPv6 compressed or not, zero-padded, in upper case,
 * with a trailing dotted quad, in brackets or with a zone id (`fe80::1%eth0`).
 */
export function parseAddress(text: string): ParsedAddress | undefined {
  if (isIPv4(text)) return { family: 'ipv4', address: text };
  const groups = ipv6Groups(text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, ''));
  if (groups === undefined) return undefined;
  const embeddedIpv4 = embeddedIpv4Of(groups);
  return {
    family: 'ipv6',
    address: groups.map((group) => group.toString(16)).join(':'),
    ...(embeddedIpv4 !== undefined && { embeddedIpv4 }),
  };
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined;
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string): number[] =>
    part === ''
      ? []
      : part
          .split(':')
          .flatMap((group) => (group.includes('.') ? ipv4Groups(group) : [hex(group)]));
  const before = groupsOf(head);
  const after = tail === undefined ? [] : groupsOf(tail);
  const zeros = tail === undefined ? 0 : 8 - before.length - after.length;
  const groups = [...before, ...new Array<number>(zeros).fill(0), ...after];
  return groups.length === 8 ? groups : undefined;
}

function ipv4Groups(dotted: string): number[] {
  const [a = 0, b = 0, c = 0, d = 0] = dotted.split('.').map(Number);
  return [(a << 8) | b, (c << 8) | d];
}

function hex(group: string): number {
  return parseInt(group, 16);
}

/** Where each IPv6 form that reaches an IPv4 host keeps its IPv4 address. */
function embeddedIpv4Of(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const zeroUpTo = (end: number) => groups.slice(0, end).every((group) => group === 0);
  const lastTwo = dottedOf(g6, g7);
  if (zeroUpTo(5) && g5 === 0xffff) return lastTwo; // mapped ::ffff:a.b.c.d
  if (zeroUpTo(6)) return lastTwo; // compatible ::a.b.c.d (deprecated), including :: and ::1
  if (zeroUpTo(4) && g4 === 0xffff && g5 === 0) return lastTwo; // translated ::ffff:0:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return lastTwo; // NAT64 well-known prefix 64:ff9b::/96
  }
  if (g0 === 0x2002) return dottedOf(g1 ?? 0, g2 ?? 0); // 6to4 2002:aabb:ccdd::/48
  return undefined;
}

function dottedOf(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
