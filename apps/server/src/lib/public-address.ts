import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where the portal may send requests a third party chose the address of (game servers' webhook URLs): public
 * addresses only, never this host, its network or the cloud's metadata service (SSRF). The URL parser
 * already writes every spelling of an IPv4 address the same way (`127.1`, `2130706433`, `0x7f000001` are
 * all `127.0.0.1`); names are resolved and each address checked, at registration and again at connect time
 * (a name may resolve elsewhere by then: DNS rebinding).
 */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 (unspecified)
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (private)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`), or null. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(lower);
  if (!match) return null;
  if (match[1]) return match[1];
  const high = Number.parseInt(match[2]!, 16);
  const low = Number.parseInt(match[3]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP address, IPv6 with or without brackets) is a public one. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 4) return !notPublic.check(bare, 'ipv4');
  const inner = embeddedIpv4(bare);
  if (inner) return isIP(inner) === 4 && !notPublic.check(inner, 'ipv4');
  return !notPublic.check(bare, 'ipv6');
}

/** Resolves a host name to all its addresses (dns.lookup, as connections do); injectable in tests. */
export type HostResolver = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: HostResolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The reason a connection was refused before it was made: its address is not public. */
class NotPublicAddressError extends Error {
  readonly code = 'EADDRNOTPUBLIC';
  constructor() {
    super('The address is not public');
    this.name = 'NotPublicAddressError';
  }
}

/**
 * Whether a URL's host is allowed: an IP literal must be public; a name must not resolve to any address that
 * is not. A name that does not resolve now (not set up yet) passes: every connection checks again.
 */
export async function hostIsPublic(url: URL, resolve: HostResolver, timeoutMs = 3_000): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) return isPublicAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  let timer: NodeJS.Timeout | undefined;
  const addresses = await Promise.race([
    resolve(host).catch(() => [] as LookupAddress[]),
    new Promise<LookupAddress[]>((done) => {
      timer = setTimeout(() => done([]), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  return addresses.every((a) => isPublicAddress(a.address));
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that resolves with `resolve` and refuses (NotPublicAddressError) when any
 * address is not public, so the connection goes only where the check said.
 */
export function publicOnlyLookup(resolve: HostResolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
          callback(new NotPublicAddressError(), options.all ? [] : '', undefined);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : '', undefined),
    );
  };
}
