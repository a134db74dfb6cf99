import { lookup, LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Agent, RequestInit as UndiciRequestInit } from 'undici';
import { AddressPolicy } from './address-policy';
import { OutboundUrlRefusedError } from './outbound-url-refused.error';

/** fetch() restricted to the addresses the outbound policy allows; redirects are never followed. */
export type GuardedFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * undici, loaded by the first fetch: a service that only checks URLs (the gateway) never loads
 * its 95 modules.
 */
let undiciModule: typeof import('undici') | undefined;
function undici(): typeof import('undici') {
  undiciModule ??= require('undici') as typeof import('undici');
  return undiciModule;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * Every URL the service fetches or calls on a customer's behalf goes through here. The host is
 * checked after DNS resolution, at connect time (so a name that resolves differently the second
 * time cannot slip through), and literal addresses are checked before connecting.
 */
export class OutboundGuard {
  /** The connection pool of fetch, made by the first fetch. */
  private agent: Agent | undefined;
  private readonly connections: number;

  constructor(
    private readonly policy: AddressPolicy,
    options: { connections?: number } = {},
  ) {
    this.connections = options.connections ?? 256;
  }

  static fromAllowList(value: string | undefined): OutboundGuard {
    return new OutboundGuard(AddressPolicy.fromAllowList(value));
  }

  /** Throws OutboundUrlRefusedError unless the URL is http(s) and every address of its host is allowed. */
  async assertAllowed(url: string): Promise<void> {
    const target = this.parse(url);
    const host = hostOf(target);
    this.refuseByItself(url, host);
    const addresses = isIP(host)
      ? [host]
      : await new Promise<string[]>((resolve, reject) =>
          lookup(host, { all: true }, (error, found) =>
            error
              ? reject(new OutboundUrlRefusedError(url, `${host} does not resolve`))
              : resolve(found.map((entry) => entry.address)),
          ),
        );
    for (const address of addresses) this.refuseIfBlocked(url, address);
  }

  /**
   * What a URL says by itself, for when a customer saves it without a DNS lookup: http(s), and
   * neither a refused address nor a localhost name. Other names are judged when they resolve.
   */
  assertAllowedWithoutLookup(url: string): void {
    this.refuseByItself(url, hostOf(this.parse(url)));
  }

  readonly fetch: GuardedFetch = async (url, init) => {
    const target = this.parse(url);
    // A literal address is never looked up, so only this check stands between it and connect();
    // a localhost name is refused whatever this machine's resolver makes of it.
    this.refuseByItself(url, hostOf(target));
    try {
      const response = await undici().fetch(target, {
        ...(init as UndiciRequestInit),
        redirect: 'manual',
        dispatcher: this.pool(),
      });
      return response as unknown as Response;
    } catch (error) {
      throw refusalIn(error) ?? error;
    }
  };

  async close(): Promise<void> {
    await this.agent?.close();
  }

  /** Closes pooled connections when the Nest application holding the guard shuts down. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  private pool(): Agent {
    this.agent ??= new (undici().Agent)({
      connections: this.connections,
      connect: { lookup: (hostname, opts, callback) => this.lookup(hostname, opts, callback) },
    });
    return this.agent;
  }

  private parse(url: string): URL {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new OutboundUrlRefusedError(url, 'it is not a valid URL');
    }
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new OutboundUrlRefusedError(url, 'only http and https URLs are allowed');
    }
    return target;
  }

  private refuseByItself(url: string, host: string): void {
    if (isIP(host)) return this.refuseIfBlocked(url, host);
    if (LOCALHOST_NAME.test(host) && this.policy.refusalOf('127.0.0.1') !== undefined) {
      throw new OutboundUrlRefusedError(url, `${host} is a loopback name`);
    }
  }

  private refuseIfBlocked(url: string, address: string): void {
    const refusal = this.policy.refusalOf(address);
    if (refusal !== undefined) throw new OutboundUrlRefusedError(url, refusal);
  }

  private lookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = addresses
        .map((entry) => this.policy.refusalOf(entry.address))
        .find((refusal) => refusal !== undefined);
      if (refused !== undefined) {
        return callback(new OutboundUrlRefusedError(`//${hostname}`, refused), []);
      }
      const [first] = addresses;
      if (options.all || first === undefined) return callback(null, addresses);
      callback(null, first.address, first.family);
    });
  }
}

/** Names that mean this machine whatever DNS says (RFC 6761, and /etc/hosts' localdomain). */
const LOCALHOST_NAME = /(?:^|\.)localhost(?:\.localdomain)?\.?$/;

/** IPv6 literals keep their brackets in URL.hostname. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function refusalIn(error: unknown): OutboundUrlRefusedError | undefined {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth++) {
    if (current instanceof OutboundUrlRefusedError) return current;
    current = current.cause;
  }
  return undefined;
}
