import { Resolver } from 'node:dns/promises';

/** Answers "no such record" rather than an error: the owner has not published it (yet). */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
const LOOKUP_TIMEOUT_MS = 3_000;
const LOOKUP_TRIES = 2;

/** The TXT and MX records of a name, as a verification reads them. */
export interface DnsLookups {
  /** Each TXT record of the name, its strings joined (a long DKIM key spans several). */
  txt(name: string): Promise<string[]>;
  /** The hosts the name's MX records name, lowercase and without a trailing dot. */
  mx(name: string): Promise<string[]>;
}

/**
 * Look-ups through a real resolver: the system's, or `servers` (`host[:port]`), which is how
 * tests point verification at a loopback DNS server. A name that does not exist, or has no
 * records of the type, answers none; a server that does not answer throws.
 */
export function dnsLookups(servers: string[]): DnsLookups {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: LOOKUP_TRIES });
  if (servers.length > 0) resolver.setServers(servers);
  return {
    txt: (name) =>
      orNone(resolver.resolveTxt(name).then((records) => records.map((parts) => parts.join('')))),
    mx: (name) =>
      orNone(
        resolver
          .resolveMx(name)
          .then((records) =>
            records.map(({ exchange }) => exchange.toLowerCase().replace(/\.$/, '')),
          ),
      ),
  };
}

async function orNone(lookup: Promise<string[]>): Promise<string[]> {
  try {
    return await lookup;
  } catch (error) {
    if (ABSENT.has((error as NodeJS.ErrnoException).code ?? '')) return [];
    throw error;
  }
}
