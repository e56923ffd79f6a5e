/**
 * Where Muse may send a webhook (docs/product/public-api.md, 'Webhooks'): in production only to
 * https addresses on the public internet, never to Muse's own machines or their neighbours
 * (loopback, private and link-local networks, the cloud metadata address). The host is resolved
 * here and the delivery connects to the address checked, so a name that resolves to a public
 * address now and a private one a moment later (DNS rebinding) reaches nothing it should not.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type TResolvedAddress = { address: string; family: 4 | 6 };

/** How a host name becomes its addresses: node's resolver, or a stand-in in tests. */
export type TLookup = (hostname: string) => Promise<TResolvedAddress[]>;

export type TUrlCheck =
  /** `address`: the one to connect to (null outside production: nothing was checked). */
  | { ok: true; url: URL; address: TResolvedAddress | null }
  /**
   * `invalid`: not a URL; `https`: not https in production (nor http elsewhere); `private`: an
   * address that is not public; `unresolvable`: the host has no address.
   */
  | { ok: false; reason: 'invalid' | 'https' | 'private' | 'unresolvable' };

/**
 * Addresses that are not on the public internet (IANA's special-purpose registries): none may
 * receive a webhook in production.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 (unspecified) included
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the cloud metadata address 169.254.169.254 included
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, 255.255.255.255 (broadcast) included
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside, possibly a private one
  ['3fff::', 20], // documentation
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/**
 * IPv6's global unicast range: everything outside it (unspecified ::, loopback ::1, unique local
 * fc00::/7, link-local fe80::/10, multicast ff00::/8, NAT64, discard) is not public.
 */
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/** An IPv6 address's eight 16-bit groups ('::' expanded, a dotted IPv4 tail read as two). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    if (isIP(tail[1]!) !== 4) return null;
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (half: string | undefined) => (half ? half.split(':') : []);
  const head = part(halves[0]);
  const rest = part(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(Math.max(0, missing)).fill('0'), ...rest];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return groups.map((group) => parseInt(group, 16));
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d), if it is one. */
function mappedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (!groups || groups.slice(0, 5).some(Boolean) || groups[5] !== 0xffff) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** Whether an IP address (v4 or v6, as text) is on the public internet. */
export function isPublicAddress(raw: string): boolean {
  // A zone (fe80::1%eth0) names an interface: such an address is link-local anyway.
  const address = raw.split('%')[0]!;
  const family = isIP(address);
  if (family === 4) return !NOT_PUBLIC.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = mappedIpv4(address);
  if (mapped) return isPublicAddress(mapped);
  return GLOBAL_UNICAST.check(address, 'ipv6') && !NOT_PUBLIC.check(address, 'ipv6');
}

const systemLookup: TLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * Checks a webhook URL and, in production, resolves its host: the address to connect to, or why
 * not. There the URL must be https and every address its host resolves to must be public (one
 * private address among public ones refuses it: which one a client picks is not Muse's to
 * choose). Outside production http and local addresses are allowed and nothing is resolved
 * here, so one machine can run both Muse and its receiver.
 */
export async function checkWebhookUrl(
  raw: string,
  options: { production: boolean; lookup?: TLookup },
): Promise<TUrlCheck> {
  if (!URL.canParse(raw)) return { ok: false, reason: 'invalid' };
  const url = new URL(raw);
  if (url.protocol !== 'https:' && (options.production || url.protocol !== 'http:'))
    return { ok: false, reason: 'https' };
  if (!options.production) return { ok: true, url, address: null };
  // The URL parser has already turned 0x7f.1 or 2130706433 into 127.0.0.1; IPv6 keeps brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: TResolvedAddress[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  if (!addresses.length) return { ok: false, reason: 'unresolvable' };
  if (!addresses.every(({ address }) => isPublicAddress(address)))
    return { ok: false, reason: 'private' };
  return { ok: true, url, address: addresses[0]! };
}

/**
 * A resolver that answers every name with the one address that was checked, for the request
 * that follows the check: no second DNS lookup can lead it elsewhere (a webhook's delivery, a
 * tool's input fetched from its URL).
 */
export function pinnedLookup(address: TResolvedAddress): LookupFunction {
  return ((_hostname, options, callback) => {
    if (options.all) callback(null, [address]);
    else callback(null, address.address, address.family);
  }) as LookupFunction;
}
