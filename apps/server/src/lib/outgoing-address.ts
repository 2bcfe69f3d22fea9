import { lookup as systemLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an organisation's settings must never make the server connect to: this host,
 * the networks beside it and the clouds' metadata services (docs/decisions/090-outgoing-addresses.md, "Outgoing
 * addresses"). IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is matched against the IPv4 ranges.
 */
const REFUSED_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 included
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT (Alibaba's metadata 100.100.100.200 too)
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local: 169.254.169.254, the clouds' metadata
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, and the broadcast address
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64
  ['100::', 64, 'ipv6'], // discard-only
  ['fc00::', 7, 'ipv6'], // unique local: AWS's metadata fd00:ec2::254
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // the old site-local
  ['ff00::', 8, 'ipv6'], // multicast
];

/** Names that are private by definition, or a cloud's metadata service, refused before any lookup. */
const REFUSED_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data']);
const REFUSED_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.metadata.goog'];

const refusedRanges = new BlockList();
for (const [address, prefix, family] of REFUSED_RANGES) refusedRanges.addSubnet(address, prefix, family);

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** `Mail.Example.COM.` and `[::1]` as compared: lower case, no trailing dot, no brackets. */
export function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '');
}

export function isRefusedAddress(address: string): boolean {
  return isIP(address) !== 0 && refusedRanges.check(address, familyOf(address));
}

export function isRefusedName(host: string): boolean {
  const name = normaliseHost(host);
  return REFUSED_NAMES.has(name) || REFUSED_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** An entry of OUTGOING_ALLOW_HOSTS: a host name, an address, or a CIDR range. */
export function isAllowEntry(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version !== 0) {
    if (rest.length > 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
  }
  return prefix === undefined && /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry);
}

/** Every address a name has (A and AAAA), as the connection would find them. */
export type HostLookup = (host: string) => Promise<{ address: string; family: number }[]>;

const lookupAll: HostLookup = (host) => systemLookup(host, { all: true, verbatim: true });

/**
 * Where to connect: the address that was checked (`address`), and the name the TLS
 * certificate must carry (`servername`; null when the host was an address).
 */
export type OutgoingTarget = { address: string; servername: string | null };

/** Why an address is not connected to; the detail is for the server's log, never for the caller. */
export class OutgoingRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly reason: 'refused_name' | 'refused_address' | 'unresolved',
    detail: string,
  ) {
    super(`outgoing address ${host} refused: ${detail}`);
  }
}

export type OutgoingGuardOptions = {
  /** OUTGOING_ALLOW_HOSTS: names, addresses and CIDR ranges the platform admin lets through. */
  allowHosts?: readonly string[];
  /** How names are resolved (tests: a fixed table); the system resolver by default. */
  lookup?: HostLookup;
  /** Where a refusal's or a failed connection's detail goes (the server log). */
  log?: (detail: { host: string; port?: number | null; error: string }) => void;
};

export type OutgoingGuard = {
  /** Resolves `host` and answers the address to connect to, or throws OutgoingRefusedError. */
  check(host: string): Promise<OutgoingTarget>;
  /** Writes why a connection to an organisation's address failed to the server log. */
  report(detail: { host: string; port?: number | null; error: unknown }): void;
};

/**
 * The one guard of every address an organisation configures: the name and every address it
 * resolves to are checked, and the caller connects to the checked address (the name only
 * goes to TLS), so a DNS answer that changes between check and connect cannot bypass it.
 * A name the allow-list names passes whatever it resolves to; an address passes when a listed
 * address or range holds it.
 */
export function createOutgoingGuard(options: OutgoingGuardOptions = {}): OutgoingGuard {
  const allowedNames = new Set<string>();
  const allowedRanges = new BlockList();
  for (const entry of options.allowHosts ?? []) {
    const [address = '', prefix] = entry.split('/');
    const family = familyOf(address);
    if (isIP(address) === 0) allowedNames.add(normaliseHost(entry));
    else if (prefix === undefined) allowedRanges.addAddress(address, family);
    else allowedRanges.addSubnet(address, Number(prefix), family);
  }
  const lookup = options.lookup ?? lookupAll;
  const isAllowedAddress = (address: string) => allowedRanges.check(address, familyOf(address));

  async function resolve(name: string): Promise<string[]> {
    if (isIP(name) !== 0) return [name];
    if (name === '') throw new OutgoingRefusedError(name, 'unresolved', 'no host');
    const answers = await lookup(name).catch((error: unknown) => {
      throw new OutgoingRefusedError(name, 'unresolved', error instanceof Error ? error.message : String(error));
    });
    if (answers.length === 0) throw new OutgoingRefusedError(name, 'unresolved', 'no address');
    return answers.map((answer) => answer.address);
  }

  return {
    async check(host) {
      const name = normaliseHost(host);
      const isAllowedName = allowedNames.has(name);
      if (!isAllowedName && isRefusedName(name)) throw new OutgoingRefusedError(name, 'refused_name', 'a private name');
      const addresses = await resolve(name);
      // One refused answer refuses the name: the connection might otherwise pick it.
      const refused = isAllowedName ? undefined : addresses.find((a) => isRefusedAddress(a) && !isAllowedAddress(a));
      if (refused) throw new OutgoingRefusedError(name, 'refused_address', `resolves to ${refused}`);
      return { address: addresses[0]!, servername: isIP(name) === 0 ? name : null };
    },
    report({ host, port, error }) {
      options.log?.({ host, port, error: error instanceof Error ? error.message : String(error) });
    },
  };
}
